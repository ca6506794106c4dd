/**
 * The contract, as its importers have named it so far: everything is in ./api/ (one file per
 * domain, composed by ./api/index.ts), and this re-exports it until the folder move updates
 * the imports.
 */
export * from './api/index';
