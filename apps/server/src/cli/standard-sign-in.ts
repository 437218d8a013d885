import { apiPath, endpoints } from '@vmer/domain/api';
import * as oidc from 'openid-client';
import { SignInError } from './sign-in.ts';

/**
 * Signing the command-line tools in through a standard grant that any OpenID Connect provider
 * offers (requirements N-07), with openid-client: the device authorization grant (RFC 8628) for
 * a person, the client-credentials grant for a calling system. The issuer, the client id and
 * the scopes are the server's own (`GET /api/auth/config`) unless given.
 */

interface ServerSignIn {
  authority: string;
  clientId: string;
  scope: string;
}

async function serverSignIn(url: string): Promise<ServerSignIn> {
  const base = url.replace(/\/+$/, '');
  const response = await fetch(`${base}${apiPath(endpoints.authConfig)}`);
  if (!response.ok)
    throw new SignInError(`GET ${apiPath(endpoints.authConfig)} answered ${response.status}`);
  return ((await response.json()) as { body: ServerSignIn }).body;
}

async function discover(
  authority: string,
  clientId: string,
  auth: oidc.ClientAuth,
): Promise<oidc.Configuration> {
  const issuer = new URL(authority);
  try {
    return await oidc.discovery(
      issuer,
      clientId,
      undefined,
      auth,
      // A provider on this machine or in a test may answer over plain http; anywhere else, https.
      isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
  } catch (error) {
    throw new SignInError(`the identity provider at ${authority} cannot be used: ${reason(error)}`);
  }
}

const isLoopback = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

function reason(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError)
    return error.error_description ?? error.error ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export interface DeviceSignInOptions {
  /** The server's address, e.g. http://localhost:3000. */
  url: string;
  /** The provider's public client with the device grant; the server's browser client by default. */
  clientId?: string | undefined;
  /** Told where the person signs in and which code they enter. */
  show: (verification: { uri: string; completeUri: string | undefined; userCode: string }) => void;
}

/**
 * The device authorization grant: the provider gives a code, `show` tells the person where to
 * enter it (in any browser, on any machine), and the tool waits until they have signed in.
 */
export async function deviceSignIn(options: DeviceSignInOptions): Promise<string> {
  const server = await serverSignIn(options.url);
  const config = await discover(server.authority, options.clientId ?? server.clientId, oidc.None());
  try {
    const started = await oidc.initiateDeviceAuthorization(config, { scope: server.scope });
    options.show({
      uri: started.verification_uri,
      completeUri: started.verification_uri_complete,
      userCode: started.user_code,
    });
    const tokens = await oidc.pollDeviceAuthorizationGrant(config, started);
    return tokens.access_token;
  } catch (error) {
    throw new SignInError(`sign-in failed: ${reason(error)}`);
  }
}

export interface ClientSignInOptions {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Scopes asked for, e.g. `disclosure:request`. */
  scope?: string | undefined;
}

/** The client-credentials grant of a calling system (client_secret_basic). */
export async function clientSignIn(options: ClientSignInOptions): Promise<string> {
  const server = await serverSignIn(options.url);
  const config = await discover(
    server.authority,
    options.clientId,
    oidc.ClientSecretBasic(options.clientSecret),
  );
  try {
    const tokens = await oidc.clientCredentialsGrant(
      config,
      options.scope ? { scope: options.scope } : {},
    );
    return tokens.access_token;
  } catch (error) {
    throw new SignInError(`token request failed: ${reason(error)}`);
  }
}

/** Where the person signs in, on standard error: standard output carries only what the tool prints. */
export const showVerification: DeviceSignInOptions['show'] = ({ uri, completeUri, userCode }) => {
  process.stderr.write(
    `To sign in, open ${uri} and enter the code ${userCode}` +
      `${completeUri ? `\nor open ${completeUri}` : ''}\n`,
  );
};
