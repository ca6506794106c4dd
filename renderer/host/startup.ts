import type { Api, Startup } from '../../electron/shared/api';

/**
 * The known lists of a startup answer, when they are the active profile's: read for the profile
 * the same answer names as active (the one the page files them under).
 */
export function activeKnownLists(startup: Startup): Startup['known'] | undefined {
  return startup.known.profileId === startup.profiles.activeProfileId ? startup.known : undefined;
}

/** The methods the startup answer stands for, each with its part of it. */
const PARTS = {
  listProfiles: (startup: Startup) => startup.profiles,
  loadWorkspace: (startup: Startup) => startup.workspace,
  listKnownAgents: (startup: Startup) => activeKnownLists(startup)?.agents,
  listKnownGuidelines: (startup: Startup) => activeKnownLists(startup)?.guidelines,
} satisfies { [M in keyof Api]?: (startup: Startup) => Awaited<ReturnType<Api[M]>> | undefined };

/**
 * Asks the host at once, in one call (getStartup), for what the first screen waits for, before
 * the app's code has even loaded, unless it is `given` (it came with the session, in the same
 * round trip); `startup` is its answer (null when the call failed). The
 * returned `api` answers the first call of each method the startup stands for from it (the
 * app's queries fetch on mount as they always did, and get the same answer with no second
 * request); every later call goes to the host. If the one call failed, each method asks the
 * host itself, as it always did, and fails or succeeds on its own.
 */
export function withStartup(api: Api, given?: Startup): { api: Api; startup: Promise<Startup | null> } {
  const startup = given ? Promise.resolve(given) : api.getStartup().catch(() => null);
  const answered = new Set<string>();
  const answer =
    <M extends keyof typeof PARTS>(method: M) =>
    async (): Promise<Awaited<ReturnType<Api[M]>>> => {
      const first = !answered.has(method);
      answered.add(method);
      const value = first ? await startup : null;
      const part = value ? PARTS[method](value) : undefined;
      return (part ?? (await api[method]())) as Awaited<ReturnType<Api[M]>>;
    };
  return {
    api: {
      ...api,
      listProfiles: answer('listProfiles'),
      loadWorkspace: answer('loadWorkspace'),
      listKnownAgents: answer('listKnownAgents'),
      listKnownGuidelines: answer('listKnownGuidelines'),
    },
    startup,
  };
}
