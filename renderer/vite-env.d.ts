/// <reference types="vite/client" />
// Vite's client types: they declare CSS imports (and `import.meta.env`) for the compiler.
