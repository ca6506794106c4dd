// The two parts of undici the transport uses, imported by path so a bundle holds the HTTP/1.1
// client and not the rest of the package (fetch, WebSocket, its caches and their SQLite store).
// Their types are the package's own.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/core/connect.js' {
  import { buildConnector } from 'undici';
  export default buildConnector;
}
