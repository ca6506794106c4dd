import path from 'node:path';
import { MAX_WORKSPACE_FILE_BYTES } from '../shared/api';
import { parseProxyUrl } from '../core/http/proxyEnv';
import { originOf } from '../core/profiles/baseUrl';
import type { EnvironmentProfile } from '../core/profiles/environment';
import type { Profile } from '../core/profiles/profiles';
import { readCapped } from '../core/storage/cappedFile';
import { readWorkspaceFile, type ReadWorkspaceFile } from '../core/workspace/workspaceFileRead';
import type { RunArgs } from './runArgs';
import type { AgentNames } from '../shared/agentLabel';

/**
 * `--workspace FILE --profile NAME`: the platform taken from a workspace file's profile (the file
 * the app exports and a team keeps in its repository), read by the app's own reader, which checks
 * each profile as the profile form does. The file is untrusted and never holds a key: the key
 * comes from AGENT_EXPLORER_API_KEY as without it, and when AGENT_EXPLORER_BASE_URL is set too,
 * the profile must send to its origin (a changed file cannot take the key elsewhere); in CI it must
 * be set, and at a terminal the command says where the key goes. What the command line says overrides the
 * profile, a group of settings at a time: --timeout its time-out; --ca or --insecure its
 * verification; --cert (with --key) its client certificate; --proxy or --noproxy its proxy. The
 * profile's settings become the run's own arguments, so one path sends either way.
 */

const KEY_VARIABLE = 'AGENT_EXPLORER_API_KEY';
/** With --workspace, not the platform (the profile names it) but where the key may go, when set. */
const BASE_URL_VARIABLE = 'AGENT_EXPLORER_BASE_URL';

/** A URL's origin (scheme, host, port), or null when it is not a URL. */
function originOrNull(url: string): string | null {
  try {
    return originOf(url);
  } catch {
    return null;
  }
}

/** Whether this is a CI job: the variable every CI service sets (GitHub, GitLab, Azure, Jenkins' plugins, CircleCI). */
function inCi(env: Record<string, string | undefined>): boolean {
  const value = env['CI']?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

export type WorkspaceProfile =
  | { ok: true; args: RunArgs; environment: EnvironmentProfile & { key: string }; agentNames: AgentNames; warnings: string[] }
  | { ok: false; message: string };

const quoted = (name: string) => JSON.stringify(name);

/** "it has "Staging", "Production"" or "it has no profiles": what --profile may name. */
function namesHeld(names: string[]): string {
  return names.length === 0 ? 'it has no profiles' : `it has ${names.map(quoted).join(', ')}`;
}

/** The run's arguments with the profile's settings filled in where the command line gave none. */
function withProfile(args: RunArgs, profile: Profile): { ok: true; args: RunArgs } | { ok: false; message: string } {
  const merged: RunArgs = { ...args, timeoutMs: args.timeoutMs ?? profile.timeoutMs };
  if (args.ca === undefined && !args.insecure) {
    merged.insecure = !profile.tls.verify;
    if (profile.tls.verify && profile.tls.caFile !== null) merged.ca = profile.tls.caFile;
  }
  const cert = profile.tls.clientCert;
  if (args.cert === undefined && cert) {
    merged.cert = cert.kind === 'pkcs12' ? cert.file : cert.certFile;
    if (cert.kind === 'pem') merged.key = cert.keyFile;
  }
  if (args.proxy === undefined && args.noProxy === undefined) {
    // "none" is every host reached directly: NO_PROXY's "*".
    if (profile.proxy.mode === 'none') merged.noProxy = '*';
    if (profile.proxy.mode === 'manual') {
      const address = parseProxyUrl(profile.proxy.url, `the profile's proxy`);
      if (!address.ok) return { ok: false, message: address.message };
      // Its password is a secret a workspace file never holds: --proxy with credentials gives one.
      merged.proxy = { ...address.value, username: profile.proxy.username, password: null };
      merged.noProxy = profile.proxy.bypass.join(',');
    }
  }
  return { ok: true, args: merged };
}

/** The names the file's catalog gives the profile's agents (profile names match case-insensitively, as the app's). */
function catalogNames(catalog: ReadWorkspaceFile['catalog'], profile: string): AgentNames {
  const names = new Map<string, string>();
  for (const entry of catalog) {
    if (entry.profile?.toLowerCase() !== profile.toLowerCase() || !entry.read.ok) continue;
    const name = entry.read.value.name.trim();
    if (name !== '') names.set(entry.read.value.agentId, name);
  }
  return names;
}

/** Reads the --workspace file, picks the --profile, and says in one sentence what stops it. */
export async function workspaceProfile(
  args: RunArgs & { workspace: NonNullable<RunArgs['workspace']> },
  env: Record<string, string | undefined>,
  cwd: string,
): Promise<WorkspaceProfile> {
  const file = path.resolve(cwd, args.workspace.file);
  const text = await readCapped(file, MAX_WORKSPACE_FILE_BYTES, 'workspace file');
  if (!text.ok) return { ok: false, message: `--workspace: ${text.reason}` };
  const read = await readWorkspaceFile(text.text);
  if (!read.ok) return { ok: false, message: `--workspace: ${read.error.message}` };
  const names = read.value.profiles.flatMap((profile) => (profile.name === null ? [] : [profile.name]));
  const wanted = args.workspace.profile;
  if (wanted === '') return { ok: false, message: `--workspace needs --profile NAME, the profile to use: ${namesHeld(names)}` };
  // Names are unique in a file case-insensitively, as the profile form has them.
  const found = read.value.profiles.find((profile) => profile.name?.toLowerCase() === wanted.toLowerCase());
  if (!found) return { ok: false, message: `the workspace file has no profile named ${quoted(wanted)}: ${namesHeld(names)}` };
  if (!found.read.ok) return { ok: false, message: `the profile ${quoted(wanted)} cannot be used: ${found.read.reason}` };
  const key = env[KEY_VARIABLE]?.trim() || null;
  if (key === null)
    return { ok: false, message: `${KEY_VARIABLE} is not set: the platform needs a key (a workspace file never holds one)` };
  const input = found.read.value;
  const profile: Profile = {
    id: 'workspace',
    name: input.name.trim(),
    baseUrl: input.baseUrl,
    kind: 'custom',
    auth: input.auth,
    timeoutMs: input.timeoutMs,
    tls: input.tls,
    allowInsecureHttp: input.allowInsecureHttp,
    proxy: input.proxy,
  };
  // The file is untrusted (a branch can change it) and the key is not: where the environment
  // names the platform, the key goes there and nowhere else. A CI job runs whatever a branch's
  // file says with the job's key, unattended: there the pin is required. A person at a terminal
  // is told where the key goes.
  const origin = originOrNull(profile.baseUrl) ?? profile.baseUrl;
  const pinned = env[BASE_URL_VARIABLE]?.trim() || null;
  if (pinned === null && inCi(env)) {
    return {
      ok: false,
      message:
        `in CI, --workspace needs ${BASE_URL_VARIABLE} set to the platform the key is for (the profile ${quoted(profile.name)} ` +
        `sends to ${origin}): a branch can change the workspace file, so its base URL alone does not decide where the key goes; nothing was sent`,
    };
  }
  if (pinned !== null && originOrNull(pinned) !== originOrNull(profile.baseUrl)) {
    return {
      ok: false,
      message:
        `the profile ${quoted(profile.name)} sends to ${origin}, ` +
        `not to ${originOrNull(pinned) ?? pinned} that ${BASE_URL_VARIABLE} names: the key goes only there; nothing was sent`,
    };
  }
  const notes =
    pinned === null ? [`the key goes to ${origin}, as the profile ${quoted(profile.name)} says (${BASE_URL_VARIABLE} pins it)`] : [];
  const merged = withProfile(args, profile);
  if (!merged.ok) return merged;
  return {
    ok: true,
    args: merged.args,
    environment: { profile, key },
    agentNames: catalogNames(read.value.catalog, profile.name),
    warnings: [...notes, ...found.read.warnings.map((warning) => `the profile ${quoted(profile.name)}: ${warning}`)],
  };
}
