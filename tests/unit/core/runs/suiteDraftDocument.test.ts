import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { suiteDraftDocument, suiteDraftMethods } from '../../../../electron/core/runs/suiteDraftDocument';
import { createJsonDocument } from '../../../../electron/core/storage/jsonDocument';

/**
 * The Runs section's unsaved suite, kept by the host in suite-draft.json. It holds a data file's
 * text (up to 16 MB), so the host reads it from its file when asked and holds no copy in memory.
 */

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});
const fileIn = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ae-draft-'));
  dirs.push(dir);
  return path.join(dir, 'suite-draft.json');
};

describe('the suite draft kept by the host', () => {
  it('is written to its file and read back from it, not from a copy in memory', async () => {
    const file = fileIn();
    const methods = suiteDraftMethods(suiteDraftDocument(file));
    expect(await methods.loadSuiteDraft()).toEqual({ ok: true, value: { draft: null } });
    const draft = { name: 'orders', data: { name: 'rows.csv', text: 'n\n1\n' } };
    expect(await methods.saveSuiteDraft({ draft })).toEqual({ ok: true, value: { kept: true } });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ draft });
    // What the file says is what a load answers: the host kept no copy of its own.
    writeFileSync(file, JSON.stringify({ draft: { name: 'changed on disk' } }));
    expect(await methods.loadSuiteDraft()).toEqual({ ok: true, value: { draft: { name: 'changed on disk' } } });
    await methods.saveSuiteDraft({ draft: null });
    expect(await methods.loadSuiteDraft()).toEqual({ ok: true, value: { draft: null } });
  });

  it('moves an unreadable file aside and starts again, saying so', async () => {
    const file = fileIn();
    writeFileSync(file, '{ not json');
    const problems: string[] = [];
    const methods = suiteDraftMethods(suiteDraftDocument(file, (message) => problems.push(message)));
    expect(await methods.loadSuiteDraft()).toEqual({ ok: true, value: { draft: null } });
    expect(problems).toEqual([expect.stringContaining('could not be read as the suite draft')]);
    expect(readdirSync(path.dirname(file)).some((name) => name !== 'suite-draft.json')).toBe(true);
  });

  it('lives in memory without a file', async () => {
    const methods = suiteDraftMethods(suiteDraftDocument(null));
    await methods.saveSuiteDraft({ draft: { name: 'in memory' } });
    expect(await methods.loadSuiteDraft()).toEqual({ ok: true, value: { draft: { name: 'in memory' } } });
  });
});

describe('a document the app holds (the default)', () => {
  it('is read once and then answered from memory', async () => {
    const file = fileIn();
    const document = createJsonDocument<{ n: number }>({ file, empty: () => ({ n: 0 }), parse: (raw) => raw as { n: number } });
    await document.update(() => ({ n: 1 }));
    writeFileSync(file, JSON.stringify({ n: 99 }));
    expect(await document.read()).toEqual({ n: 1 });
    expect(await document.update((current) => ({ n: current.n + 1 }))).toEqual({ n: 2 });
  });
});
