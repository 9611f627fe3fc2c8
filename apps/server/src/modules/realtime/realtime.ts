import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

// Placeholder until the module lands.
export function attachRealtime(_app: FastifyInstance, _ctx: AppContext): void {}
