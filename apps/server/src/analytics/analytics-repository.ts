import type { Conclusion, SearchEvent, TrackingEvent } from '@vmer/domain/lifecycle';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../db/schema.ts';
import type { InsurerScope } from '../disclosures/disclosure-repository.ts';

export type AnalyticsEventRow = Selectable<AnalyticsEventsTable>;

/** The most events one request's query answers: the newest ones. */
const EVENTS_PER_REQUEST = 500;

/** Where a logged call belongs: the insurer (within the caller's) and who sent it. */
export interface LogOwner {
  insurerCode: string;
  subject: string;
  requestId: string | null;
}

/** Storage of the logging calls of requirements §7. */
export function analyticsRepository(db: Kysely<Database>) {
  /** Adds one logged call to its table; answers its id. */
  async function add<T extends 'analytics_events' | 'search_events' | 'conclusions'>(
    table: T,
    values: Insertable<Database[T]>,
  ): Promise<number> {
    const row = await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }
  const ownedBy = (owner: LogOwner) => ({
    insurer_code: owner.insurerCode,
    subject: owner.subject,
  });

  return {
    addEvent: (owner: LogOwner, event: TrackingEvent) =>
      add('analytics_events', {
        ...ownedBy(owner),
        request_id: owner.requestId,
        activity: event.activity,
        from_page: event.fromPage,
        details: event.details ?? null,
        question_list: JSON.stringify(event.questionList ?? []),
      }),

    addSearch: (owner: LogOwner, search: SearchEvent) =>
      add('search_events', {
        ...ownedBy(owner),
        keyword: search.keyword,
        disease: search.disease ?? null,
        type: search.type,
      }),

    addConclusion: (owner: LogOwner, conclusion: Conclusion) =>
      add('conclusions', {
        ...ownedBy(owner),
        request_id: owner.requestId,
        conclusion: JSON.stringify(conclusion),
      }),

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
