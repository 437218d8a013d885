import type { AdminInsurer } from '@vmer/domain/admin';
import { INSURERS_FILE } from '@vmer/domain/catalog/check';
import { checkInsurer } from '@vmer/domain/insurer-check';
import { messageText, type MessageKey } from '@vmer/domain/messages';
import type { Bilingual } from '@vmer/domain/model';
import type { AuthUser } from '../auth/authenticate.ts';
import type { CatalogService } from '../catalog/catalog-service.ts';
import { HttpError, type FieldError } from '../http/errors.ts';
import type { Repositories } from '../repositories.ts';
import { changesBetween } from './admin-audit-repository.ts';
import type { adminInsurersRepository } from './insurers-repository.ts';
import { INSURER_FIELDS, insurersOf, withInsurer } from './insurers-yaml.ts';

type Caller = Pick<AuthUser, 'subject' | 'userName' | 'displayName' | 'insurers'>;

export interface InsurerChange {
  insurer: AdminInsurer;
  /** The active version the change was made on. */
  catalogVersion: string;
}

/** A domain message in both languages, its placeholders filled. */
function bilingual(key: MessageKey, params?: Record<string, string | number>): Bilingual {
  return {
    en: messageText(key, 'en', params),
    cn_traditional: messageText(key, 'cn_traditional', params),
  };
}

/** The 400 of a change with problems, each named by its field (or its line of the catalogue). */
function refused(errors: FieldError[]): HttpError {
  return new HttpError(400, { key: 'insurer_invalid', params: { count: errors.length } }, errors);
}

/**
 * Insurers and products (design §11, requirements O-11). They are catalogue data: a change
 * writes the active version's insurers.yaml with the insurer changed, imports the files as a
 * new version through the catalogue service (checked like any import) and activates it, all in
 * one transaction with its audit entry. This server sees the new version at once; another
 * replica as soon as it hears the activation announced (requirements N-08).
 */
export function adminInsurersService(
  catalog: CatalogService,
  repositories: Pick<Repositories, 'adminAudit'>,
  insurers: ReturnType<typeof adminInsurersRepository>,
) {
  /** The active version, its source files and their insurers. */
  async function activeSources() {
    const active = await catalog.active();
    const texts = await catalog.sources(active.version);
    if (!texts) throw new Error(`catalogue version ${active.version} has no sources`);
    return { active, texts, all: insurersOf(texts) };
  }

  async function save(caller: Caller, change: InsurerChange, code?: string) {
    const { insurer, catalogVersion } = change;
    const creating = code === undefined;
    if (!creating && !caller.insurers.includes(code)) throw new HttpError(404, 'not_found');
    if (!creating && insurer.code !== code) {
      throw new HttpError(400, 'bad_request', [
        { path: 'insurer.code', message: 'insurer_code_fixed' },
      ]);
    }
    const { active, texts, all } = await activeSources();
    if (active.version !== catalogVersion) throw new HttpError(409, 'catalog_version_stale');
    const before = all.find((candidate) => candidate.code === insurer.code);
    if (!creating && !before) throw new HttpError(404, 'not_found');

    const issues = checkInsurer(insurer, {
      conditions: new Set(active.catalog.impairments.map((impairment) => impairment.uuid)),
      ...(creating ? { takenCodes: new Set(all.map((candidate) => candidate.code)) } : {}),
    });
    if (issues.length > 0) {
      throw refused(
        issues.map((issue) => ({
          path: `insurer.${issue.path}`,
          message: bilingual(issue.code as MessageKey, issue.params),
        })),
      );
    }
    const changes = changesBetween<AdminInsurer>(
      creating ? null : before!,
      insurer,
      INSURER_FIELDS,
    );
    if (changes.length === 0) return { catalogVersion, insurer: before! };

    const result = await catalog.import(
      { ...texts, [INSURERS_FILE]: withInsurer(texts[INSURERS_FILE] ?? '', insurer) },
      {
        author: caller.userName,
        notes: `${creating ? 'Insurer added' : 'Insurer changed'}: ${insurer.code} (${changes
          .map((c) => c.field)
          .join(', ')}) on version ${catalogVersion}`,
        activate: true,
        madeOn: Number(catalogVersion),
        alsoInTransaction: async (trx, version) => {
          const actor = { subject: caller.subject, displayName: caller.displayName };
          await repositories.adminAudit.record(trx, {
            actor,
            subjectType: 'insurer',
            subjectId: insurer.code,
            action: creating ? 'create' : 'update',
            insurers: [insurer.code],
            changes: [
              ...changes,
              { field: 'catalogVersion', before: catalogVersion, after: String(version) },
            ],
          });
          if (!creating) return;
          // The administrator who adds an insurer holds it from now on.
          const held = await insurers.grant(caller.subject, insurer.code, trx);
          if (!held) return;
          await repositories.adminAudit.record(trx, {
            actor,
            subjectType: 'user',
            subjectId: caller.subject,
            action: 'update',
            insurers: [...held, insurer.code],
            changes: [{ field: 'insurers', before: held, after: [...held, insurer.code] }],
          });
        },
      },
    );
    if (!result.ok) {
      throw refused(
        result.problems.map((problem) => ({
          path: `${problem.file}:${problem.line}`,
          message: { en: problem.message, cn_traditional: problem.message },
        })),
      );
    }
    return { catalogVersion: result.version.version, insurer };
  }

  return {
    /**
     * The caller's insurers in the active version, as insurers.yaml writes them, and the
     * version's conditions a product may offer.
     */
    async list(caller: Caller) {
      const { active, all } = await activeSources();
      return {
        catalogVersion: active.version,
        insurers: all.filter((insurer) => caller.insurers.includes(insurer.code)),
        conditions: active.catalog.impairments.map(({ uuid, name }) => ({ uuid, name })),
      };
    },

    /** Adds an insurer the catalogue does not have; its creator holds it from now on. */
    create: (caller: Caller, change: InsurerChange) => save(caller, change),

    /** Changes an insurer the caller holds (404 for any other). */
    update: (caller: Caller, code: string, change: InsurerChange) => save(caller, change, code),
  };
}
