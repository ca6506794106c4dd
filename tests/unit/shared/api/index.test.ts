import { describe, expect, expectTypeOf, it } from 'vitest';
import { ARGUMENT_VALIDATORS } from '../../../../electron/core/validate';
import {
  API_METHODS,
  isMethodName,
  isShellMethod,
  METHODS,
  SHELL_METHODS,
  type Api,
  type MethodName,
  type MethodTable,
  type Shell,
} from '../../../../electron/shared/api';

/**
 * electron/shared/api/index.ts: the one method table that IPC, the preload, the browser-mode
 * host and the validators loop over. The type checks below fail `npm run typecheck` (this file
 * is in tsconfig's include) when the table and the Api's slices part ways.
 */
describe('the method table', () => {
  it('names every method of the Api and the Shell, and nothing else (checked by the compiler)', () => {
    expectTypeOf<keyof typeof METHODS>().toEqualTypeOf<keyof Api | keyof Shell>();

    const { getAppInfo: _dropped, ...lackingOne } = METHODS;
    // @ts-expect-error a table that lacks a method of the Api does not compile
    void (lackingOne satisfies MethodTable);
    // @ts-expect-error a name that is no method does not compile
    void ({ ...METHODS, readKey: 'profiles' } satisfies MethodTable);
    // @ts-expect-error a method filed under another domain does not compile
    void ({ ...METHODS, getAppInfo: 'runs' } satisfies MethodTable);
    // @ts-expect-error a Shell method filed with the core does not compile
    void ({ ...METHODS, saveTextFile: 'app' } satisfies MethodTable);
  });

  it("splits into the core's methods and the Shell's, which only a desktop window answers", () => {
    expect([...SHELL_METHODS].sort()).toEqual(['findInPage', 'openSuiteFile', 'saveTextFile', 'stopFindInPage']);
    expect(API_METHODS.filter((name) => (SHELL_METHODS as readonly string[]).includes(name))).toEqual([]);
    expect([...API_METHODS, ...SHELL_METHODS].sort()).toEqual(Object.keys(METHODS).sort());
    expect(SHELL_METHODS.every((name) => isShellMethod(name))).toBe(true);
  });

  it('has a validator for every method, and none for anything else', () => {
    expect(Object.keys(ARGUMENT_VALIDATORS).sort()).toEqual(Object.keys(METHODS).sort());
  });

  it('knows a name only when it is its own entry, never one inherited from Object', () => {
    expect(isMethodName('invokeAgent')).toBe(true);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'readKey']) expect(isMethodName(name), name).toBe(false);
    expectTypeOf<MethodName>().toEqualTypeOf<keyof typeof METHODS>();
  });
});
