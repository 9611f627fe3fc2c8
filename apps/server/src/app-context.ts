import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createSecretBox } from './crypto/secret-box';
import type { Database, DatabaseHandle } from './db/database';
import { type AppEventBus, createAppEventBus } from './events/app-events';
import { type AuthHooks, createAuthHooks } from './http/authenticate';
import { type AuditRepository, createAuditRepository } from './modules/audit/audit.repository';
import { type AccountLinks, createAccountLinks } from './modules/auth/account-links.service';
import { createMailer, type Mailer } from './modules/mail/mailer';
import { createScheduler, type Scheduler } from './modules/scheduler/scheduler';
import { createSecondFactorRepository } from './modules/second-factor/second-factor.repository';
import { createSecondFactorGate, type SecondFactorGate } from './modules/second-factor/second-factor-gate';
import { type AccessTokens, createAccessTokens } from './modules/sessions/access-token';
import { createSessionState, type SessionState } from './modules/sessions/session-state';
import { createSessionsRepository } from './modules/sessions/sessions.repository';
import { createTestTwins, type TestTwins } from './modules/test-mode/test-twins';

/** What feature modules may depend on. Built once per app; tests build their own. */
export type AppContext = {
  config: Config;
  db: Database;
  dbKind: DatabaseHandle['kind'];
  logger: FastifyBaseLogger;
  events: AppEventBus;
  accessTokens: AccessTokens;
  sessionState: SessionState;
  auth: AuthHooks;
  /** Who must enrol a second factor, and whose step-up is fresh. */
  secondFactor: SecondFactorGate;
  audit: AuditRepository;
  mailer: Mailer;
  accountLinks: AccountLinks;
  /** Each merchant's test twin (test mode), made on first use. */
  testTwins: TestTwins;
  /** Periodic work run once per interval across instances; started when the app is ready. */
  scheduler: Scheduler;
};

export function createAppContext(options: {
  config: Config;
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  mailer?: Mailer;
}): AppContext {
  const { config, database, logger } = options;
  const db = database.db;
  const accessTokens = createAccessTokens(config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const sessionsRepository = createSessionsRepository(db);
  const sessionState = createSessionState(sessionsRepository);
  const secondFactor = createSecondFactorGate({
    policy: createSecondFactorRepository(db),
    sessions: sessionsRepository,
    stepUpValidSeconds: config.STEP_UP_VALID_SECONDS,
  });
  const testTwins = createTestTwins(db, createSecretBox(config.ENCRYPTION_KEYS));
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  return {
    config,
    db,
    dbKind: database.kind,
    logger,
    events: createAppEventBus(),
    accessTokens,
    sessionState,
    auth: createAuthHooks({ accessTokens, sessionState, secondFactor, testTwins }),
    secondFactor,
    testTwins,
    audit: createAuditRepository(db),
    mailer,
    accountLinks: createAccountLinks({ db, mailer, config }),
    scheduler: createScheduler({ db, logger, tickMs: config.SCHEDULER_TICK_MS }),
  };
}
