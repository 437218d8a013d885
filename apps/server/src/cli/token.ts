import { parseArgs } from 'node:util';
import { signIn } from './sign-in.ts';
import { clientSignIn, deviceSignIn, showVerification } from './standard-sign-in.ts';

const USAGE = `Usage: npm run -s token -- [--url http://localhost:3000] and one of
  --device [--client-id ID]          a person, through the provider's device sign-in (any provider)
  --client-id ID [--scope SCOPES]    a calling system, client credentials; the secret in OIDC_CLIENT_SECRET
  --user NAME [--password demo]      a user of the embedded provider, through its sign-in page`;

/**
 * `npm run -s token -- …`: signs in to the running server's identity provider and prints only
 * the access token (requirements A-33, N-07).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      user: { type: 'string' },
      password: { type: 'string', default: 'demo' },
      device: { type: 'boolean', default: false },
      'client-id': { type: 'string' },
      scope: { type: 'string' },
      url: { type: 'string', default: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
    },
  });
  const clientId = values['client-id'];
  const secret = process.env.OIDC_CLIENT_SECRET;
  let token: string;
  if (values.device) {
    token = await deviceSignIn({ url: values.url, clientId, show: showVerification });
  } else if (clientId && secret) {
    token = await clientSignIn({
      url: values.url,
      clientId,
      clientSecret: secret,
      scope: values.scope,
    });
  } else if (values.user) {
    token = await signIn({ url: values.url, user: values.user, password: values.password });
  } else {
    process.stderr.write(
      `${clientId ? 'Set OIDC_CLIENT_SECRET to the client secret, or add --device.\n' : ''}${USAGE}\n`,
    );
    process.exit(2);
  }
  process.stdout.write(`${token}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
