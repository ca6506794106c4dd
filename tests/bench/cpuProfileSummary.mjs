// Summarises a V8 .cpuprofile (node --cpu-prof): self time per request by file (for an esbuild
// bundle, by the source module each `// path` marker starts) and by function, and the callers
// of the functions named in PROFILE_CALLERS (comma-separated, PROFILE_DEPTH frames up).
// Used by profileRun.mjs; on its own: node cpuProfileSummary.mjs FILE.cpuprofile [REQUESTS] [BUNDLE]
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

export async function summariseProfile(profile, { bundle = null, per = 1, top = Number(process.env['PROFILE_TOP'] ?? 60) } = {}) {
  // The bundle marks each module's start with a `// path` line.
  const starts = [];
  if (bundle) {
    (await readFile(bundle, 'utf8')).split('\n').forEach((text, index) => {
      const match = /^\/\/ ((?:electron|node_modules|builtin|lazy)[^ ]*)$/.exec(text);
      if (match)
        starts.push([
          index,
          match[1].replace(/^.*node_modules\/undici.*$/, 'node_modules/undici').replace(/^node_modules\/([^/]+)\/.*$/, 'node_modules/$1'),
        ]);
    });
  }
  const bundleName = bundle ? bundle.replace(/^.*\//, '') : null;
  const moduleAt = (line) => {
    let low = 0;
    let high = starts.length - 1;
    let found = `${bundleName} (head)`;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle][0] <= line) {
        found = starts[middle][1];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  const fileOf = ({ url, lineNumber, functionName }) => {
    if (bundleName && url.endsWith(`/${bundleName}`)) return moduleAt(lineNumber);
    return url ? url.replace(/^.*\/(node_modules|dist|electron|tests)\//, '$1/') : `(${functionName || 'native'})`;
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, index) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFile = new Map();
  const byFunction = new Map();
  for (const [id, micros] of self) {
    const { callFrame } = byId.get(id);
    const file = fileOf(callFrame);
    byFile.set(file, (byFile.get(file) ?? 0) + micros);
    const name = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const list = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => `  ${(micros / per).toFixed(1).padStart(7)} µs ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  const lines = [
    `profile: ${(total / 1000).toFixed(0)} ms sampled, ${(total / per).toFixed(0)} µs per request`,
    `by file (µs per request):\n${list(byFile, 30)}`,
    `by function:\n${list(byFunction, top)}`,
  ];
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const label = (node) => `${node.callFrame.functionName || '(anonymous)'}@${fileOf(node.callFrame)}`;
  for (const wanted of (process.env['PROFILE_CALLERS'] ?? '').split(',').filter(Boolean)) {
    const chains = new Map();
    for (const [id, micros] of self) {
      if (byId.get(id).callFrame.functionName !== wanted) continue;
      const chain = [];
      for (let at = parents.get(id); at !== undefined && chain.length < Number(process.env['PROFILE_DEPTH'] ?? 6); at = parents.get(at))
        chain.push(label(byId.get(at)));
      chains.set(chain.join(' < '), (chains.get(chain.join(' < ')) ?? 0) + micros);
    }
    lines.push(`callers of ${wanted}:\n${list(chains, 8)}`);
  }
  // Inclusive time of the functions named in PROFILE_TOTAL (each sample counted once per function).
  for (const wanted of (process.env['PROFILE_TOTAL'] ?? '').split(',').filter(Boolean)) {
    let inclusive = 0;
    for (const [id, micros] of self) {
      for (let at = id; at !== undefined; at = parents.get(at)) {
        if (byId.get(at).callFrame.functionName === wanted) {
          inclusive += micros;
          break;
        }
      }
    }
    lines.push(`total in ${wanted}: ${(inclusive / per).toFixed(1)} µs per request`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, per, bundle] = process.argv.slice(2);
  console.log(await summariseProfile(JSON.parse(await readFile(file, 'utf8')), { per: Number(per ?? 1), bundle: bundle ?? null }));
}
