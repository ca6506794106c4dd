import { describe, expect, it } from 'vitest';
import { inspectorAddress } from '../../bench/webHost';

describe("reading the host's inspector address from its stderr", () => {
  it('takes the address from the line Node prints, among other output', () => {
    const stderr =
      '(node:4242) ExperimentalWarning: SQLite is an experimental feature\n' +
      'Debugger listening on ws://127.0.0.1:38405/5a7e1187-45dd-47d7-8298-5f2af90d08ec\n' +
      'For help, see: https://nodejs.org/learn/getting-started/debugging\n';
    expect(inspectorAddress(stderr)).toBe('ws://127.0.0.1:38405/5a7e1187-45dd-47d7-8298-5f2af90d08ec');
  });

  it('waits for the whole line: none while it is still arriving', () => {
    expect(inspectorAddress('Debugger listening on ws://127.0.0.1:38405/5a7e')).toBeNull();
    expect(inspectorAddress('')).toBeNull();
  });
});
