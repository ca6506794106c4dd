import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliBuildOptions } from '../../../electron/tooling/cliBuild.mjs';
import { bundleCommand, runCommand, type Bundled, type Ended } from '../../support/commandProcess';

/**
 * `agent-explorer import postman` as a person runs it: the example collection (exported as
 * Postman 10 exports) and its data file become a suite beside them, and that suite runs against
 * the embedded Sandbox and passes.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;
let cli: Bundled;

/** The command, run in the test's folder. */
const agentExplorer = (args: string[]): Promise<Ended> => runCommand(cli.file, args, {}, dir);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-import-'));
  cli = await bundleCommand('cli', cliBuildOptions);
  for (const name of ['orders.postman_collection.json', 'orders.csv'])
    await copyFile(path.join(root, 'examples/runs', name), path.join(dir, name));
});
afterAll(async () => {
  await cli.remove();
  await rm(dir, { recursive: true, force: true });
});

describe('agent-explorer import postman', () => {
  it('writes a suite beside the data file that runs against the Sandbox, and lists what it left out', async () => {
    const imported = await agentExplorer([
      'import',
      'postman',
      'orders.postman_collection.json',
      '--data',
      'orders.csv',
      '--out',
      'orders.suite.json',
    ]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe('');
    expect(imported.stderr.split('\n')).toEqual([
      'agent-explorer: not converted: "order status has no token": its prerequest script (suites have no scripts)',
      'agent-explorer: not converted: "Refund guideline": GET api/guideline/7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47/ is not an agent invoke (POST /api/agent/{id}/invoke/)',
      "agent-explorer: not converted: the collection's auth: the key comes from the profile or AGENT_EXPLORER_API_KEY",
      'orders.suite.json: 2 cases from orders.postman_collection.json',
      '',
    ]);
    const suite = JSON.parse(await readFile(path.join(dir, 'orders.suite.json'), 'utf8')) as {
      name: string;
      data: string;
      cases: unknown[];
    };
    expect(suite).toMatchObject({ name: 'Orders (Agent Explorer Sandbox)', data: 'orders.csv' });
    expect(suite.cases).toHaveLength(2);

    const ran = await agentExplorer(['run', 'orders.suite.json', '--sandbox']);
    expect(ran.stderr).toBe('');
    expect(ran.stdout).toMatch(/Orders \(Agent Explorer Sandbox\): 4 run, 4 passed, 0 failed/);
    expect(ran.code).toBe(0);
  });

  it('prints the suite without --out, and says which {{variables}} need a data file', async () => {
    const imported = await agentExplorer(['import', 'postman', 'orders.postman_collection.json']);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ name: 'Orders (Agent Explorer Sandbox)' });
    expect(imported.stderr).toContain(
      'agent-explorer: the cases use {{text}}, {{customer}}, {{topic}}, {{order}}: run the suite with a data file of these columns (--data FILE)\n',
    );
  });

  it('names a data file column the cases need and the file lacks', async () => {
    await writeFile(path.join(dir, 'short.csv'), 'text,customer\nHello,Dana\n');
    const imported = await agentExplorer([
      'import',
      'postman',
      'orders.postman_collection.json',
      '--data',
      'short.csv',
      '--out',
      'short.suite.json',
    ]);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('agent-explorer: the data file has no column for {{topic}}, {{order}}: add them before running\n');
  });

  it('refuses a file that is not a collection, and a command without its parts, with exit code 2', async () => {
    await writeFile(path.join(dir, 'suite.json'), JSON.stringify({ cases: [] }));
    expect(await agentExplorer(['import', 'postman', 'suite.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-explorer: suite.json: this is not a Postman collection (its info.schema names no schema.getpostman.com collection format)\n',
    });
    expect(await agentExplorer(['import', 'insomnia', 'x.json'])).toMatchObject({
      code: 2,
      stderr: 'agent-explorer: name what to import from: agent-explorer import postman COLLECTION.json\n',
    });
    expect((await agentExplorer(['import', '--help'])).stdout).toContain('Usage: agent-explorer import postman COLLECTION.json [options]');
  });
});
