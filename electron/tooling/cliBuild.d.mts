import type { BuildOptions } from 'esbuild';
/** esbuild options for the command line's bundle at `outfile` (an ES module, run by Node 22 or later). */
export function cliBuildOptions(outfile: string): BuildOptions;
