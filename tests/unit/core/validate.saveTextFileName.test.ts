import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/core/validate';
import { FakeApi } from '../../support/fakeApi';

/**
 * The save dialog's suggested name (reports and workspace files). The page asks; the
 * dialog shows the name for the person to accept. A name that looks like one thing and is
 * another must not be offered: a right-to-left override that shows "report-lmth.exe" as
 * "report-exe.html", an extension other than the kind of file the content is, a name Windows
 * takes for a device, a name Windows silently cuts at a trailing dot. And, as every other
 * argument of the new methods, an unknown field is refused rather than ignored.
 */

const call = (argument: unknown) =>
  dispatch(new FakeApi(), 'saveTextFile', argument, new FakeApi()) as Promise<{ ok: boolean; error?: { message: string } }>;
const file = (suggestedName: string, mediaType = 'text/html') => ({ suggestedName, content: '<p>x</p>', mediaType });

describe('the saveTextFile name', () => {
  it.each([
    ['a right-to-left override', file('report\u202Elmth.exe')],
    ['another invisible format character', file('report\u200B.html')],
    ['a DEL character', file('report\u007F.html')],
    ['an extension that is not the kind of file', file('report.exe')],
    ['a JSON file named as a page', file('workspace.html', 'application/json')],
    ['no extension', file('report')],
    ['a Windows device name', file('CON.html')],
    ['a Windows device name in another case', file('lpt1.json', 'application/json')],
    ['a trailing dot', file('report.html.')],
    ['a trailing space', file('report.html ')],
    ['an unknown field', { ...file('report.html'), path: '/etc/passwd' }],
  ])('refuses %s', async (_, argument) => {
    expect((await call(argument)).ok).toBe(false);
  });

  it.each([
    ['a report', file('agent-explorer-report-entry-12-2026-11-23T07-40-00Z.html')],
    ['a JSON bundle', file('agent-explorer-report-3-entries-2026-11-23T07-40-00Z.json', 'application/json')],
    ['a workspace file', file('agent-explorer-workspace.json', 'application/json')],
    ['Markdown', file('notes.md', 'text/markdown')],
    ['an upper-case extension and letters beyond ASCII', file('Rapport é 2026.HTML')],
    ['a name that only starts like a device', file('console-report.html')],
  ])('takes %s', async (_, argument) => {
    expect((await call(argument)).ok).toBe(true);
  });
});
