import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cookieFetch } from '../src/cli/sign-in.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** What the Entra-like provider's tokens are for and which public client signs people in. */
export const ENTRA_LIKE = { audience: 'api://video-mer', clientId: 'video-mer-spa' } as const;

/** An account of the Entra-like provider: the claims its access tokens carry besides the subject. */
export interface EntraAccount {
  name?: string;
  preferred_username?: string;
  upn?: string;
  email?: string;
  groups?: string[];
  roles?: string[];
}

export interface RunningProvider {
  issuer: string;
  /** An access token for `subject`, through code + PKCE over HTTP as a browser would get it. */
  tokenFor(subject: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts test/entra-like-provider.ts as its own Node process with these accounts and answers
 * once it listens. `stop` ends that process.
 */
export async function startEntraLikeProvider(
  accounts: Record<string, EntraAccount>,
): Promise<RunningProvider> {
  const child: ChildProcess = spawn(process.execPath, ['test/entra-like-provider.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      ACCOUNTS: JSON.stringify(accounts),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('close', (code) => reject(new Error(`the provider exited (${code}):\n${errors}`)));
  });
  const token = async (body: Record<string, string>) => {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const answer = (await response.json()) as { access_token?: string; error?: string };
    if (!answer.access_token) throw new Error(`no token: ${answer.error ?? response.status}`);
    return answer.access_token;
  };
  return {
    issuer,
    tokenFor: async (subject) => {
      const browser = cookieFetch();
      const verifier = randomBytes(32).toString('base64url');
      const redirectUri = 'http://127.0.0.1/callback';
      let location = `${issuer}/auth?${new URLSearchParams({
        client_id: ENTRA_LIKE.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        login_hint: subject,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }).toString()}`;
      for (let hop = 0; hop < 10 && !location.startsWith(redirectUri); hop += 1) {
        const response = await browser(location);
        const next = response.headers.get('location');
        if (!next) throw new Error(`sign-in stopped at ${location}: ${response.status}`);
        location = new URL(next, location).href;
      }
      const code = new URL(location).searchParams.get('code');
      if (!code) throw new Error(`no code: ${location}`);
      return token({
        grant_type: 'authorization_code',
        client_id: ENTRA_LIKE.clientId,
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      });
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
