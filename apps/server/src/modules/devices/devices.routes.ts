import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

// Placeholder until the module lands.
export async function devicesRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
