export { type ControlApi, startControlApi } from './control-api';
export { seedDemoMerchants } from './demo/merchant-demo';
export { playPaymentDemo, seedDemoMerchantAccess } from './demo/payment-demo';
export { createDemoPayoutToken, playPayoutDemo } from './demo/payout-demo';
export { seedDemoTestMode } from './demo/test-mode-demo';
export { playWalletDemo } from './demo/wallet-demo';
export { startDemoWebhookReceiver } from './demo/webhook-receiver-demo';
export type { DeviceBehaviour, DeviceState } from './device-types';
export {
  DEFAULT_BEHAVIOUR,
  type Fleet,
  type FleetAccount,
  type FleetOptions,
  type FleetStats,
  type FleetWallets,
  formatStatus,
  startFleet,
  UnknownAccountError,
} from './fleet';
export { type ApiAuth, ApiError, createGerbangApi } from './gerbang-api';
export { consoleLogger, type Logger, silentLogger } from './logger';
export { type DeviceCredential, deviceNames, provisionDevices } from './register-devices';
export { SimulatedDevice } from './simulated-device';
export { DEFAULT_TOKENS_FILE, readTokensFile, writeTokensFile } from './tokens-file';
export { FAULT_KINDS, type Fault, type FaultInput, type FaultKind } from './wallets/faults';
export { type SimulatedAccountView, TransferError, type TransferInput } from './wallets/phone-wallets';
