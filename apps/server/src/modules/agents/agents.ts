import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';

// Placeholder until the module lands: the device-agent namespace (/agent).
export function attachAgents(_app: FastifyInstance, _ctx: AppContext): void {}
