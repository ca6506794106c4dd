import type { BuildOptions } from 'esbuild';
/** esbuild options for the command line's bundle at `outfile` (an ES module, run by Node 22 or later). */
export function cliBuildOptions(outfile: string): BuildOptions;
/** esbuild options for browser mode's bundle at `outfile`. */
export function webBuildOptions(outfile: string): BuildOptions;
/** esbuild options for the standalone Sandbox's bundle at `outfile`. */
export function sandboxBuildOptions(outfile: string): BuildOptions;
