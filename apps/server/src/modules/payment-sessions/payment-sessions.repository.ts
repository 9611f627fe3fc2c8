import { randomUUID } from 'node:crypto';
import {
  type OperatorPaymentSession,
  PAYMENT_SESSION_EVENT_TYPES,
  PAYMENT_SESSION_LIFECYCLE,
  type PaymentSession,
  type PaymentSessionEventName,
  type PaymentSessionStatus,
} from '@gerbang/contract';
import { and, eq, getTableColumns, inArray, like, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import { secondsFromNow } from '../../db/database-clock';
import { guardedTransition } from '../../db/guarded-transition';
import { cursorText } from '../../db/iso-text';
import { escapeLike } from '../../db/like-pattern';
import { named, preparedRead } from '../../db/prepared-read';
import { merchants, paymentSessionEvents, paymentSessions, walletAccounts } from '../../db/schema';
import type { KeysetCursor } from '../../http/keyset-cursor';
import { claimKey, type KeyClaim } from '../idempotency/idempotency';
import { endClaimsOfPaidSession, hasOpenClaims } from '../payment-claims/claim-outcomes';
import { enqueueWebhook, webhookEventInsert } from '../webhooks/webhook-outbox';
import { answerFields, answerJson } from './payment-session-answer-sql';
import { pastTimeLimit } from './payment-session-guards';
import type { NewPaymentSession, OpenedSession, PaymentSessionRecord, SessionMove } from './payment-session-record';
import { toPaymentSession } from './payment-session-response';

export type ListPaymentSessionsFilter = {
  merchantId?: string;
  /** Live sessions only (true) or test mode's (false); absent: a merchant's own, which are one mode. */
  livemode?: boolean;
  status?: PaymentSessionStatus;
  referenceNumber?: string;
  method?: string;
  walletAccountId?: string;
  /** Reference numbers that start with this. */
  search?: string;
  createdFrom?: string;
  createdTo?: string;
};

/**
 * A list row as PostgreSQL writes it: the consoles' session itself (amounts formatted from minor
 * units, times as ISO text, the payment page's address from the `customerPagesUrl` value) and the
 * row's cursor time. The merchant API's list writes the same rows through its own schema, which
 * leaves the operators' fields behind.
 */
export type PaymentSessionListRow = OperatorPaymentSession & { cursorAt: string };

const listColumns = {
  ...(Object.fromEntries(
    Object.entries(answerFields(paymentSessions)).map(([name, value]) => [name, named(name, value)]),
  ) as { [K in keyof PaymentSession]: SQL.Aliased<PaymentSession[K]> }),
  merchantId: named<string>('merchantId', paymentSessions.merchantId),
  merchantName: named<string>('merchantName', merchants.name),
  walletAccountId: named<string>('walletAccountId', paymentSessions.walletAccountId),
  cursorAt: named<string>('cursorAt', cursorText(paymentSessions.createdAt)),
};

/** Which filters a list request has: one prepared statement per combination. */
const shapeOf = (filter: ListPaymentSessionsFilter, after?: KeysetCursor) =>
  [
    filter.merchantId ? 'merchant' : '',
    filter.livemode === undefined ? '' : filter.livemode ? 'live' : 'test',
    filter.status ? 'status' : '',
    filter.referenceNumber ? 'reference' : '',
    filter.method ? 'method' : '',
    filter.walletAccountId ? 'account' : '',
    filter.search ? 'search' : '',
    filter.createdFrom ? 'from' : '',
    filter.createdTo ? 'to' : '',
    after ? 'after' : '',
  ].join(',');

/** LIKE's wildcards in a customer's text match themselves. */
const valuesOf = (
  filter: ListPaymentSessionsFilter,
  limit: number,
  after: KeysetCursor | undefined,
  pagesUrl: string,
) => ({
  ...filter,
  customerPagesUrl: pagesUrl,
  searchPattern: filter.search ? `${escapeLike(filter.search)}%` : undefined,
  afterAt: after?.at,
  afterId: after?.id,
  limit: limit + 1,
});

/** The WHERE of a session list of this shape, its values as placeholders. */
function listConditions(shape: string): SQL | undefined {
  const has = new Set(shape.split(','));
  const placeholder = sql.placeholder;
  return and(
    has.has('merchant') ? eq(paymentSessions.merchantId, placeholder('merchantId')) : undefined,
    // Written out, not a placeholder: test mode's list reads its own partial index (where not livemode).
    has.has('live') ? sql`${paymentSessions.livemode}` : undefined,
    has.has('test') ? sql`not ${paymentSessions.livemode}` : undefined,
    has.has('status') ? eq(paymentSessions.status, placeholder('status')) : undefined,
    has.has('reference') ? eq(paymentSessions.referenceNumber, placeholder('referenceNumber')) : undefined,
    has.has('method') ? eq(paymentSessions.method, placeholder('method')) : undefined,
    has.has('account') ? eq(paymentSessions.walletAccountId, placeholder('walletAccountId')) : undefined,
    has.has('search') ? like(paymentSessions.referenceNumber, placeholder('searchPattern')) : undefined,
    has.has('from') ? sql`${paymentSessions.createdAt} >= ${placeholder('createdFrom')}::timestamptz` : undefined,
    has.has('to') ? sql`${paymentSessions.createdAt} < ${placeholder('createdTo')}::timestamptz` : undefined,
    has.has('after')
      ? sql`(${paymentSessions.createdAt}, ${paymentSessions.id}) < (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::uuid)`
      : undefined,
  );
}

/** Every state change (creation too) writes its webhook event, the session as the API shows it, in its transaction. */
export function createPaymentSessionsRepository(db: Database, options: { customerPagesUrl: string }) {
  /**
   * Newest first, keyset on (created_at, id), along the index of the filter
   * (payment_sessions_*_created_id_idx; payment-sessions-list-plan.test.ts proves each), read as
   * a prepared statement per filter shape, each row already in its answer's form.
   */
  function pageQuery(shape: string) {
    return db
      .select(listColumns)
      .from(paymentSessions)
      .innerJoin(merchants, eq(merchants.id, paymentSessions.merchantId))
      .where(listConditions(shape))
      .orderBy(sql`${paymentSessions.createdAt} desc nulls last`, sql`${paymentSessions.id} desc nulls last`)
      .limit(sql.placeholder('limit'));
  }
  const pagesUrl = options.customerPagesUrl.replace(/\/$/, '');
  const page = preparedRead<
    [filter: ListPaymentSessionsFilter, limit: number, after?: KeysetCursor],
    PaymentSessionListRow
  >(db, pageQuery, (filter, limit, after) => [shapeOf(filter, after), valuesOf(filter, limit, after, pagesUrl)]);

  /**
   * The statement that opens a session (see `open`), as CTEs: `v` is the new row (its values, and
   * `now()` for its times: the database's clock), `answer` the contract's session made from it;
   * `claimed` (with a key) claims the idempotency key with that answer, and the session is inserted
   * only if the claim was; its timeline row and its webhook event read the inserted row.
   */
  function openStatement(executor: Database, withKey: boolean) {
    const p = sql.placeholder;
    const newRow: Partial<Record<keyof PaymentSessionRecord, SQL>> = {
      id: sql`${p('id')}::uuid`,
      merchantId: sql`${p('merchantId')}::uuid`,
      referenceNumber: sql`${p('referenceNumber')}::text`,
      currency: sql`${p('currency')}::text`,
      amountMinor: sql`${p('amountMinor')}::bigint`,
      discountMinor: sql`0::bigint`,
      extraFeeMinor: sql`0::bigint`,
      finalAmountMinor: sql`${p('amountMinor')}::bigint`,
      feeMinor: sql`${p('feeMinor')}::bigint`,
      status: sql`'created'::text`,
      method: sql`${p('method')}::text`,
      customer: sql`${p('customer')}::jsonb`,
      returnUrl: sql`${p('returnUrl')}::text`,
      metadata: sql`${p('metadata')}::jsonb`,
      apiTokenId: sql`${p('apiTokenId')}::uuid`,
      livemode: sql`${p('livemode')}::boolean`,
      expiresAt: secondsFromNow(p('timeLimitSeconds')),
      paidAt: sql`null::timestamptz`,
      receivedAmountMinor: sql`null::bigint`,
      refundedMinor: sql`0::bigint`,
      createdAt: sql`now()`,
      updatedAt: sql`now()`,
    };
    const columns = getTableColumns(paymentSessions);
    const names = Object.keys(newRow).map((key) => sql.identifier(columns[key as keyof typeof columns].name));
    const v = executor.$with('v', {}).as(
      sql`select ${sql.join(
        Object.entries(newRow).map(
          ([key, value]) => sql`${value} as ${sql.identifier(columns[key as keyof typeof columns].name)}`,
        ),
        sql`, `,
      )}`,
    );
    const answer = executor
      .$with('answer', {})
      .as(sql`select ${answerJson(alias(paymentSessions, 'v'))} as body from v`);
    const claimed = executor
      .$with('claimed', {})
      .as(
        claimKey(
          { merchantId: p('merchantId'), caller: p('caller'), key: p('key'), hash: p('hash') },
          { status: 201, body: sql`answer.body`, from: sql`answer` },
        ),
      );
    const inserted = executor
      .$with('s', columns)
      .as(
        sql`insert into payment_sessions (${sql.join(names, sql`, `)}) select ${sql.join(names, sql`, `)} from v${withKey ? sql`, claimed` : sql``} returning *`,
      );
    const row = alias(paymentSessions, 's');
    const timeline = executor
      .$with('timeline', {})
      .as(
        sql`insert into payment_session_events (session_id, to_status, reason) select ${row.id}, ${row.status}, 'created' from s`,
      );
    const event = executor.$with('event', {}).as(
      webhookEventInsert(
        {
          id: p('eventId'),
          merchantId: row.merchantId,
          type: PAYMENT_SESSION_EVENT_TYPES.created,
          subjectId: row.id,
          data: sql`answer.body`,
          createdAt: p('eventCreatedAt'),
        },
        sql`s, answer`,
      ),
    );
    return executor
      .with(v, answer, ...(withKey ? [claimed] : []), inserted, timeline, event)
      .select()
      .from(inserted);
  }
  let openWithKey: ReturnType<ReturnType<typeof openStatement>['prepare']> | undefined;

  return {
    /**
     * Opens a `created` session: the session, its timeline row and its `payment_session.created`
     * event in one statement; given the request's idempotency key (`claim`), the key claimed with
     * its answer too, so the statement is the whole change and needs no transaction around it (the
     * hot path of `POST /v1/payment-sessions`: a named statement built once). null when the key was
     * not claimed (nothing is written). A reference number the merchant already used fails the
     * statement (payment_sessions_merchant_reference_key).
     */
    async open(tx: Database, fields: OpenedSession, claim?: KeyClaim): Promise<PaymentSessionRecord | null> {
      const values = {
        ...fields,
        id: randomUUID(),
        amountMinor: fields.amountMinor.toString(),
        feeMinor: fields.feeMinor.toString(),
        customer: fields.customer === null ? null : JSON.stringify(fields.customer),
        metadata: fields.metadata === null ? null : JSON.stringify(fields.metadata),
        customerPagesUrl: pagesUrl,
        eventId: randomUUID(),
        eventCreatedAt: new Date().toISOString(),
        ...claim,
      };
      if (claim) {
        openWithKey ??= openStatement(db, true).prepare('payment_session_open');
        return (await openWithKey.execute(values))[0] ?? null;
      }
      return (await openStatement(tx, false).execute(values))[0] ?? null;
    },

    async findById(id: string, merchantId?: string): Promise<PaymentSessionRecord | null> {
      const rows = await db
        .select()
        .from(paymentSessions)
        .where(and(eq(paymentSessions.id, id), merchantId ? eq(paymentSessions.merchantId, merchantId) : undefined))
        .limit(1);
      return rows[0] ?? null;
    },

    page,

    /** The list's SQL and values, for the test that checks PostgreSQL reads it along an index. */
    pageSql: page.sqlOf,

    /**
     * Moves the session by an event of its lifecycle (guardedTransition: the contract's from-states
     * in the UPDATE's WHERE), and records the timeline row, with the state it left, and the webhook
     * event. null when the session was in none of the event's from-states (someone else moved it).
     */
    async transition(
      tx: Database,
      id: string,
      event: PaymentSessionEventName,
      change: {
        /** Why, when it says more than the event (defaults to the event's name). */
        reason?: string;
        details?: Record<string, unknown>;
        set?: Partial<NewPaymentSession>;
        where?: SQL;
      } = {},
    ): Promise<SessionMove | null> {
      const moved = await guardedTransition(tx, paymentSessions, PAYMENT_SESSION_LIFECYCLE, id, event, {
        set: change.set,
        where: change.where,
      });
      if (!moved) return null;
      const timeline = sql`insert into ${paymentSessionEvents} (session_id, from_status, to_status, reason, details)
        values (${id}::uuid, ${moved.from}::text, ${moved.row.status}::text, ${change.reason ?? event}::text,
          ${change.details === undefined ? null : JSON.stringify(change.details)}::jsonb)`;
      // The session's webhook event, with its timeline row in the same statement.
      const { row } = moved;
      const data = toPaymentSession(row, options.customerPagesUrl);
      const type = PAYMENT_SESSION_EVENT_TYPES[row.status];
      // A paid session's open customer claim ends matched; the statement says whether it has one
      // (rarely), so a payment without a claim costs no statement for it.
      const claimed = await enqueueWebhook(
        tx,
        { merchantId: row.merchantId, type, subjectId: row.id, data },
        { write: timeline, ask: row.status === 'success' ? hasOpenClaims(row.id) : undefined },
      );
      if (claimed) await endClaimsOfPaidSession(tx, row);
      return moved;
    },

    /**
     * The final amount a session of `baseMinor` (amount + extra fee) gets on this account: the
     * smallest discount up to `maxDiscountMinor` whose amount no session holds there (waiting for
     * money, or ended less than `holdSeconds` ago), skipping amounts other transactions are taking
     * this moment (gerbang_pick_final_amount, migration 0023). null: none is free.
     */
    async pickFinalAmount(
      tx: Database,
      walletAccountId: string,
      baseMinor: bigint,
      maxDiscountMinor: bigint,
      holdSeconds: number,
    ): Promise<bigint | null> {
      const result = await tx.execute(sql`
        select gerbang_pick_final_amount(${walletAccountId}::uuid, ${baseMinor}::bigint,
          ${Number(maxDiscountMinor)}::integer, ${`${holdSeconds} seconds`}::interval)::text as amount`);
      const amount = (result as unknown as { rows: { amount: string | null }[] }).rows[0]?.amount;
      return amount ? BigInt(amount) : null;
    },

    /** Open sessions past a deadline, oldest first, a batch at a time (the sweeps). */
    async overdue(statuses: readonly PaymentSessionStatus[], graceSeconds: number, limit: number) {
      return db
        .select({ id: paymentSessions.id })
        .from(paymentSessions)
        .where(and(inArray(paymentSessions.status, [...statuses]), pastTimeLimit(graceSeconds)))
        .orderBy(paymentSessions.expiresAt)
        .limit(limit);
    },

    /** Where the customer of a session pays: its account's number, holder and receive QR. */
    async receiveDetails(walletAccountId: string) {
      const rows = await db
        .select({
          provider: walletAccounts.provider,
          accountNumber: walletAccounts.accountNumber,
          holderName: walletAccounts.holderName,
          qrPayload: walletAccounts.qrPayload,
        })
        .from(walletAccounts)
        .where(eq(walletAccounts.id, walletAccountId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The embed origins of a session's merchant (who may frame its deposit page); null: no session. */
    async embedOriginsOf(id: string): Promise<string[] | null> {
      const rows = await db
        .select({ origins: merchants.embedOrigins })
        .from(paymentSessions)
        .innerJoin(merchants, eq(merchants.id, paymentSessions.merchantId))
        .where(eq(paymentSessions.id, id))
        .limit(1);
      return rows[0]?.origins ?? null;
    },

    async timeline(id: string) {
      return db
        .select()
        .from(paymentSessionEvents)
        .where(eq(paymentSessionEvents.sessionId, id))
        .orderBy(paymentSessionEvents.id);
    },
  };
}
export type PaymentSessionsRepository = ReturnType<typeof createPaymentSessionsRepository>;
