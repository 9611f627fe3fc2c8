import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/authenticate';

/** Enrolment is what a user who must enrol can still do. */
export const beforeSecondFactor = { allowedBeforeSecondFactor: true };

/** The signed-in user acting on its own factors, with the session and address the audit names. */
export const actorOf = (request: FastifyRequest) => {
  const { userId, sessionId, user } = requireAuth(request);
  return { userId, sessionId, user, ip: request.ip };
};
