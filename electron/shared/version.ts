import packageJson from '../../package.json';

/** The app's version, from package.json (bundled in at build time). */
export const APP_VERSION: string = packageJson.version;
