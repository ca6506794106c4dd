/** The runs part of the contract, as electron/core/runs/ imports it until the folder move: see ./api/runs.ts. */
export * from './api/runs';
