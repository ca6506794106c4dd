/** The history part of the contract, as electron/core/runs/ imports it until the folder move: see ./api/history.ts. */
export * from './api/history';
