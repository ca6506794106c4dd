/** The Electron package folder, or null when the package is not installed. */
export function electronPackageDir(): string | null;
/** The path of an Electron executable that exists, or null. Never downloads. */
export function findElectronBinary(): string | null;
/** Why Electron cannot be used here, in one sentence, or null when it can. */
export function electronUnavailableReason(): string | null;
