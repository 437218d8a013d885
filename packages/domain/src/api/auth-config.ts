import { z } from 'zod';

/**
 * What the browser needs before sign-in: the OpenID Connect issuer, its client and branding.
 * Its own file, so that the app's first script parses the page's copy of it (F-01) without
 * loading the rest of the contract.
 */
export const authConfigSchema = z
  .object({
    authority: z.string(),
    clientId: z.string(),
    scope: z.string(),
    companyName: z.string().nullable(),
    helpDeskEmail: z.string(),
    /** How long the browser keeps a questionnaire's device copy, in hours (I-15). */
    deviceCopyMaxAgeHours: z.number().int().positive(),
  })
  .meta({ id: 'AuthConfig' });
