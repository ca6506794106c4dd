import { describe, expect, it } from 'vitest';
import { caFilePathProblem } from '../../../../electron/core/profiles/localFilePath';
import { checkProfileInput, readCaFile } from '../../../../electron/core/profiles/profileInput';
import { profileFields } from '../../../support/workspaceFiles';

/**
 * The CA file path's shape, judged from its text alone before anything opens it: a network
 * path would connect to another host (on Windows, signing in there as the person), and a
 * device path is no file. Windows forms are judged with Windows' path rules on every platform.
 */

describe('a CA file path judged by its shape', () => {
  const network = [
    '\\\\host\\share\\ca.pem',
    '//host/share/ca.pem',
    '\\/host/share/ca.pem',
    '\\\\host@SSL@443\\DavWWWRoot\\ca.pem',
    '\\\\192.168.1.9\\c$\\ca.pem',
  ];
  const device = [
    '\\\\?\\C:\\certs\\ca.pem',
    '\\\\?\\UNC\\host\\share\\ca.pem',
    '\\\\.\\COM1',
    '//./pipe/x',
    '//?/C:/ca.pem',
    '\\??\\C:\\ca.pem',
  ];
  for (const platform of ['win32', 'linux', 'darwin'] as const) {
    it.each(network)(`refuses the network path %s (${platform})`, (file) => {
      expect(caFilePathProblem(file, platform)).toEqual({
        kind: 'network',
        message: expect.stringMatching(/is a network path\. A CA file must be on this computer/),
      });
    });
    it.each(device)(`refuses the device path %s (${platform})`, (file) => {
      expect(caFilePathProblem(file, platform)).toEqual({
        kind: 'device',
        message: expect.stringContaining('is a device path, not a file'),
      });
    });
  }

  it.each([
    'C:\\certs\\NUL',
    'C:\\certs\\nul.pem',
    'C:\\certs\\COM1.pem',
    'C:\\certs\\com¹',
    'C:\\certs\\LPT9 .txt',
    'C:\\certs\\CONIN$',
    'C:\\AUX\\ca.pem',
    'C:\\certs\\ca.pem:hidden',
    'C:\\certs\\ca.pem::$DATA',
  ])('refuses the Windows device name or stream %s on Windows', (file) => {
    expect(caFilePathProblem(file, 'win32')?.kind).toBe('device');
  });

  it.each([
    ['C:\\certs\\ca.pem', 'win32'],
    ['C:/certs/ca.pem', 'win32'],
    ['\\certs\\ca.pem', 'win32'],
    ['C:\\certs\\console.pem', 'win32'],
    ['C:\\certs\\COM10.pem', 'win32'],
    ['/etc/ssl/ca.pem', 'linux'],
    ['/home/me/NUL', 'linux'],
    ['/Users/me/certs/ca.pem', 'darwin'],
  ] as const)('takes the local path %s (%s)', (file, platform) => {
    expect(caFilePathProblem(file, platform)).toBeNull();
  });

  it.each([
    ['ca.pem', 'linux'],
    ['certs/ca.pem', 'win32'],
    ['C:ca.pem', 'win32'],
  ] as const)('asks for the full path for %s (%s)', (file, platform) => {
    expect(caFilePathProblem(file, platform)).toEqual({ kind: 'relative', message: 'Give the full path of the CA certificate file.' });
  });
});

describe('the profile form and the request read a CA file only with a local path', () => {
  it('refuses a network path typed in the form, on the CA file field', async () => {
    const checked = await checkProfileInput(profileFields({ tls: { verify: true, caFile: '//host/share/ca.pem' } }), []);
    expect(!checked.ok && checked.error).toMatchObject({
      field: 'caFile',
      message: expect.stringContaining('//host/share/ca.pem is a network path.'),
    });
  });

  it('refuses a device path before any file is opened', async () => {
    expect(await readCaFile('\\\\.\\pipe\\ca')).toEqual({ ok: false, message: expect.stringContaining('is a device path, not a file') });
  });
});
