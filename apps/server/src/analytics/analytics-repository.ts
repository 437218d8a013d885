import type { Conclusion, SearchEvent, TrackingEvent } from '@vmer/domain/lifecycle';
import type { Kysely, Selectable } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../db/schema.ts';
import type { InsurerScope } from '../disclosures/disclosure-repository.ts';

export type AnalyticsEventRow = Selectable<AnalyticsEventsTable>;

/** The most events one request's query answers: the newest ones. */
export const EVENTS_PER_REQUEST = 500;

/** Where a logged call belongs: the insurer (within the caller's) and who sent it. */
export interface LogOwner {
  insurerCode: string;
  subject: string;
  requestId: string | null;
}

/** Storage of the logging calls of spec §7. */
export function analyticsRepository(db: Kysely<Database>) {
  return {
    async addEvent(owner: LogOwner, event: TrackingEvent): Promise<number> {
      const row = await db
        .insertInto('analytics_events')
        .values({
          insurer_code: owner.insurerCode,
          request_id: owner.requestId,
          subject: owner.subject,
          activity: event.activity,
          from_page: event.fromPage,
          details: event.details ?? null,
          question_list: JSON.stringify(event.questionList ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async addSearch(owner: LogOwner, search: SearchEvent): Promise<number> {
      const row = await db
        .insertInto('search_events')
        .values({
          insurer_code: owner.insurerCode,
          subject: owner.subject,
          keyword: search.keyword,
          disease: search.disease ?? null,
          type: search.type,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async addConclusion(owner: LogOwner, conclusion: Conclusion): Promise<number> {
      const row = await db
        .insertInto('conclusions')
        .values({
          insurer_code: owner.insurerCode,
          request_id: owner.requestId,
          subject: owner.subject,
          conclusion: JSON.stringify(conclusion),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The events recorded for a disclosure request within the caller's insurers, oldest first. */
    async eventsOfRequest(scope: InsurerScope, requestId: string): Promise<AnalyticsEventRow[]> {
      if (scope.insurers.length === 0) return [];
      const newest = await db
        .selectFrom('analytics_events')
        .selectAll()
        .where('request_id', '=', requestId)
        .where('insurer_code', 'in', scope.insurers)
        .orderBy('id', 'desc')
        .limit(EVENTS_PER_REQUEST)
        .execute();
      return newest.reverse();
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof analyticsRepository>;
