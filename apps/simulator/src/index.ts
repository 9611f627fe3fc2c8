export { DEFAULT_BEHAVIOUR, type Fleet, type FleetOptions, type FleetStats, formatStatus, startFleet } from './fleet';
export { type ApiAuth, ApiError, createGerbangApi } from './gerbang-api';
export { consoleLogger, type Logger, silentLogger } from './logger';
export { type DeviceCredential, deviceNames, provisionDevices } from './register-devices';
export { type DeviceBehaviour, type DeviceState, SimulatedDevice } from './simulated-device';
export { DEFAULT_TOKENS_FILE, readTokensFile, writeTokensFile } from './tokens-file';
