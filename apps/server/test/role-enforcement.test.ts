import { randomUUID } from 'node:crypto';
import {
  type Action,
  type Area,
  acknowledgeAlert,
  apiTokenPolicy,
  approveDepositResolution,
  approveTeamApproval,
  approveWithdrawalRequest,
  can,
  cancelWalletLogin,
  cancelWithdrawalRequest,
  changePassword,
  chargePayoutExceptionToMerchant,
  checkProxy,
  confirmTotpEnrolment,
  createApiToken,
  createMerchant,
  createPayoutMethod,
  createProxy,
  createSavedView,
  createSessionRefund,
  createWallet,
  createWebhookEndpoint,
  createWithdrawalRequest,
  creditDepositTransfer,
  currentUser,
  declineDepositResolution,
  deletePayoutMethod,
  deleteProxy,
  deleteSavedView,
  deleteWallet,
  disableDevice,
  disableTeamMember,
  disableUser,
  disableWallet,
  type Endpoint,
  enableDevice,
  enableTeamMember,
  enableUser,
  enableWallet,
  executeWithdrawalRequest,
  exportAuditLog,
  exportDepositTransfers,
  exportMerchantStatement,
  exportPaymentClaims,
  exportPaymentSessions,
  exportWithdrawals,
  getAnalytics,
  getApiLog,
  getAuditEntry,
  getDevice,
  getDeviceBusyStatusMap,
  getDeviceSummary,
  getMerchant,
  getMerchantStats,
  getPaymentClaimProof,
  getPaymentSessionDetail,
  getProxy,
  getUser,
  getWallet,
  getWalletLogin,
  getWalletQrCode,
  getWalletReconciliation,
  getWalletSummary,
  getWebhookEndpoint,
  getWebhookEvent,
  getWithdrawal,
  importProxies,
  inviteTeamMember,
  inviteUser,
  listAlertRules,
  listAlerts,
  listApiLogs,
  listApiTokens,
  listAuditLog,
  listCountries,
  listDepositTransferCandidates,
  listDepositTransfers,
  listDeviceConnections,
  listDeviceHealthChecks,
  listDevices,
  listMerchants,
  listMyTeamApprovals,
  listPaymentClaims,
  listPaymentSessions,
  listPayoutExceptions,
  listPayoutMethods,
  listProxies,
  listReconciliationTransfers,
  listSavedViews,
  listSessionCandidateTransfers,
  listTeam,
  listTeamApprovals,
  listUsers,
  listWalletChecks,
  listWallets,
  listWalletTransactions,
  listWebhookEndpoints,
  listWebhookEvents,
  listWithdrawals,
  logout,
  markWithdrawalPaid,
  matchDepositTransfer,
  ownSecondFactors,
  passkeyRegistrationOptions,
  ROLE,
  ROLE_IDS,
  ROLE_KEYS,
  reconcileWithdrawal,
  refundDepositTransferOutside,
  regenerateRecoveryCodes,
  registerDevice,
  registerPasskey,
  rejectPaymentClaim,
  rejectTeamApproval,
  rejectWithdrawalRequest,
  removePasskey,
  removeSecondFactor,
  removeWebhookEndpoint,
  resendActivation,
  resendWebhookEvent,
  resetUserSecondFactor,
  resumeMerchant,
  returnDepositTransfer,
  reviewWithdrawalName,
  revokeApiToken,
  rotateDeviceToken,
  rotateMerchantWebhookSecret,
  rotateWebhookEndpointSecret,
  rotateWebhookEndpointSecretById,
  runHealthChecks,
  runWalletChecks,
  secondFactorPolicy,
  sendTestWebhookEvent,
  setWalletCredentials,
  setWalletProxy,
  simulateConsoleWithdrawal,
  snoozeAlert,
  startTotpEnrolment,
  startWalletLogin,
  stepUp,
  stepUpPasskeyOptions,
  stepUpWithPasskey,
  submitWalletOtp,
  suspendMerchant,
  teamPolicy,
  updateAlertRule,
  updateApiTokenPolicy,
  updateDevice,
  updateMerchant,
  updateProxy,
  updateSavedView,
  updateSecondFactorPolicy,
  updateTeamMember,
  updateTeamPolicy,
  updateUser,
  updateWallet,
  updateWebhookEndpoint,
  updateWebhookEndpointById,
  verifyPayoutMethod,
  writeOffPayoutException,
} from '@gerbang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, signedInUser, type TestApp } from './helpers/test-app';

/**
 * Every protected route, with what it requires: a permission from the contract's PERMISSIONS
 * table, or just being signed in. Expected answers are computed with can(), never restated.
 */
type Protected = {
  endpoint: Endpoint;
  requires: { area: Area; action: Action } | 'signed-in';
  /** The request to make; `targetId` is a fresh Staff user each role may (or may not) act on. */
  request: (targetId: string) => { url: string; payload?: object };
};

const withId = (endpoint: Endpoint, id: string) => endpoint.path.replace(':id', id);
/** The shape of a passkey's answer, with nothing an authenticator made in it. */
const NOT_A_CREDENTIAL = { id: 'AAAA', rawId: 'AAAA', clientExtensionResults: {}, type: 'public-key' };

const ROUTES: Protected[] = [
  { endpoint: listUsers, requires: { area: 'users', action: 'view' }, request: () => ({ url: listUsers.path }) },
  {
    endpoint: inviteUser,
    requires: { area: 'users', action: 'create' },
    request: () => ({
      url: inviteUser.path,
      payload: { email: `invite-${randomUUID()}@roles.test`, name: 'Invitee', roleId: ROLE.Staff },
    }),
  },
  { endpoint: getUser, requires: { area: 'users', action: 'view' }, request: (id) => ({ url: withId(getUser, id) }) },
  {
    endpoint: updateUser,
    requires: { area: 'users', action: 'update' },
    request: (id) => ({ url: withId(updateUser, id), payload: { name: 'Renamed' } }),
  },
  ...[disableUser, enableUser].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'users', action: 'operate' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: resendActivation,
    requires: { area: 'users', action: 'operate' },
    request: (id) => ({ url: withId(resendActivation, id) }),
  },
  {
    endpoint: listCountries,
    requires: { area: 'countries', action: 'view' },
    request: () => ({ url: listCountries.path }),
  },
  {
    endpoint: listMerchants,
    requires: { area: 'merchants', action: 'view' },
    request: () => ({ url: listMerchants.path }),
  },
  {
    endpoint: createMerchant,
    requires: { area: 'merchants', action: 'create' },
    request: () => ({
      url: createMerchant.path,
      payload: {
        name: 'Roles Test',
        code: `R${randomUUID().slice(0, 8)}`,
        currency: 'IDR',
        minAmount: '10000',
        maxAmount: '100000',
        allowedMethods: ['dana'],
      },
    }),
  },
  // Merchant routes given a user id: the route is reached (404 for an unknown merchant).
  ...[getMerchant, suspendMerchant, resumeMerchant].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'merchants', action: endpoint === getMerchant ? 'view' : 'operate' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: updateMerchant,
    requires: { area: 'merchants', action: 'update' },
    request: (id) => ({ url: withId(updateMerchant, id), payload: { name: 'Renamed' } }),
  },
  {
    endpoint: rotateMerchantWebhookSecret,
    requires: { area: 'merchants', action: 'update' },
    request: (id) => ({ url: withId(rotateMerchantWebhookSecret, id) }),
  },
  {
    endpoint: listApiTokens,
    requires: { area: 'apiTokens', action: 'view' },
    request: () => ({ url: listApiTokens.path }),
  },
  {
    endpoint: createApiToken,
    requires: { area: 'apiTokens', action: 'create' },
    request: () => ({ url: createApiToken.path, payload: { name: 'Role check', scopes: ['payments:read'] } }),
  },
  { endpoint: listTeam, requires: { area: 'team', action: 'view' }, request: () => ({ url: listTeam.path }) },
  { endpoint: teamPolicy, requires: { area: 'team', action: 'view' }, request: () => ({ url: teamPolicy.path }) },
  {
    endpoint: listTeamApprovals,
    requires: { area: 'team', action: 'view' },
    request: () => ({ url: listTeamApprovals.path }),
  },
  {
    endpoint: approveTeamApproval,
    requires: { area: 'team', action: 'update' },
    request: (id) => ({ url: withId(approveTeamApproval, id) }),
  },
  {
    endpoint: rejectTeamApproval,
    requires: { area: 'team', action: 'update' },
    request: (id) => ({ url: withId(rejectTeamApproval, id), payload: { reason: 'No' } }),
  },
  {
    endpoint: updateTeamPolicy,
    requires: { area: 'team', action: 'update' },
    request: () => ({ url: updateTeamPolicy.path, payload: { secondFactorRequired: false } }),
  },
  {
    endpoint: inviteTeamMember,
    requires: { area: 'team', action: 'create' },
    request: () => ({
      url: inviteTeamMember.path,
      payload: { email: `team-${randomUUID()}@roles.test`, name: 'Member', merchantRole: 'viewer' },
    }),
  },
  // A user's id that is no member of the merchant: the route is reached (404), nothing changes.
  {
    endpoint: updateTeamMember,
    requires: { area: 'team', action: 'update' },
    request: (id) => ({ url: withId(updateTeamMember, id), payload: { merchantRole: 'viewer' } }),
  },
  {
    endpoint: disableTeamMember,
    requires: { area: 'team', action: 'delete' },
    request: (id) => ({ url: withId(disableTeamMember, id), payload: {} }),
  },
  {
    endpoint: enableTeamMember,
    requires: { area: 'team', action: 'update' },
    request: (id) => ({ url: withId(enableTeamMember, id), payload: {} }),
  },
  { endpoint: listAlerts, requires: { area: 'alerts', action: 'view' }, request: () => ({ url: listAlerts.path }) },
  {
    endpoint: listAlertRules,
    requires: { area: 'alerts', action: 'view' },
    request: () => ({ url: listAlertRules.path }),
  },
  // A user's id: the route is reached (404: no alert has it), nothing changes.
  {
    endpoint: acknowledgeAlert,
    requires: { area: 'alerts', action: 'operate' },
    request: (id) => ({ url: withId(acknowledgeAlert, id), payload: {} }),
  },
  {
    endpoint: snoozeAlert,
    requires: { area: 'alerts', action: 'operate' },
    request: (id) => ({ url: withId(snoozeAlert, id), payload: { minutes: 5 } }),
  },
  {
    endpoint: updateAlertRule,
    requires: { area: 'alerts', action: 'update' },
    request: () => ({
      url: updateAlertRule.path.replace(':kind', 'withdrawal_uncertain'),
      payload: { enabled: true },
    }),
  },
  {
    endpoint: apiTokenPolicy,
    requires: { area: 'apiTokens', action: 'view' },
    request: () => ({ url: apiTokenPolicy.path }),
  },
  {
    endpoint: updateApiTokenPolicy,
    requires: { area: 'apiTokens', action: 'create' },
    request: () => ({ url: updateApiTokenPolicy.path, payload: { allowlistRequiredForMoneyOut: false } }),
  },
  // A user's id: the route is reached (404: no token of the merchant has it).
  {
    endpoint: revokeApiToken,
    requires: { area: 'apiTokens', action: 'delete' },
    request: (id) => ({ url: withId(revokeApiToken, id) }),
  },
  {
    endpoint: listDepositTransfers,
    requires: { area: 'transactions', action: 'view' },
    request: () => ({ url: listDepositTransfers.path }),
  },
  // A user's id: the route is reached (409: no queued transfer has it), nothing changes.
  {
    endpoint: matchDepositTransfer,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(matchDepositTransfer, id), payload: { paymentSessionId: id, note: 'role check' } }),
  },
  {
    endpoint: listDepositTransferCandidates,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(listDepositTransferCandidates, id) }),
  },
  {
    endpoint: listSessionCandidateTransfers,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(listSessionCandidateTransfers, id) }),
  },
  {
    endpoint: creditDepositTransfer,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({
      url: withId(creditDepositTransfer, id),
      payload: { merchantId: id, reference: 'ROLE-1', note: 'role check' },
    }),
  },
  {
    endpoint: approveDepositResolution,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(approveDepositResolution, id), payload: {} }),
  },
  {
    endpoint: declineDepositResolution,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(declineDepositResolution, id), payload: { note: 'role check' } }),
  },
  {
    endpoint: refundDepositTransferOutside,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(refundDepositTransferOutside, id), payload: { note: 'role check' } }),
  },
  {
    endpoint: returnDepositTransfer,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(returnDepositTransfer, id), payload: { note: 'role check' } }),
  },
  {
    endpoint: getAnalytics,
    requires: { area: 'analytics', action: 'view' },
    request: () => ({ url: getAnalytics.path }),
  },
  {
    endpoint: listPayoutExceptions,
    requires: { area: 'transactions', action: 'operate' },
    request: () => ({ url: listPayoutExceptions.path }),
  },
  // A user's id: the route is reached (409: no queued exception has it), nothing changes.
  {
    endpoint: chargePayoutExceptionToMerchant,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(chargePayoutExceptionToMerchant, id), payload: { note: 'role check' } }),
  },
  {
    endpoint: writeOffPayoutException,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(writeOffPayoutException, id), payload: { note: 'role check' } }),
  },
  {
    endpoint: getMerchantStats,
    requires: { area: 'merchantDashboard', action: 'view' },
    request: () => ({ url: getMerchantStats.path }),
  },
  {
    endpoint: exportDepositTransfers,
    requires: { area: 'transactions', action: 'view' },
    request: () => ({ url: exportDepositTransfers.path }),
  },
  {
    endpoint: exportWithdrawals,
    requires: { area: 'withdrawals', action: 'view' },
    request: () => ({ url: exportWithdrawals.path }),
  },
  {
    endpoint: exportMerchantStatement,
    requires: { area: 'transactions', action: 'view' },
    request: () => ({ url: `${exportMerchantStatement.path}?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z` }),
  },
  {
    endpoint: exportPaymentSessions,
    requires: { area: 'transactionSessions', action: 'view' },
    request: () => ({ url: exportPaymentSessions.path }),
  },
  {
    endpoint: listPaymentSessions,
    requires: { area: 'transactionSessions', action: 'view' },
    request: () => ({ url: listPaymentSessions.path }),
  },
  // A user's id: the route is reached (404: no session or event has it), nothing changes.
  {
    endpoint: getPaymentSessionDetail,
    requires: { area: 'transactionSessions', action: 'view' },
    request: (id) => ({ url: withId(getPaymentSessionDetail, id) }),
  },
  {
    endpoint: resendWebhookEvent,
    requires: { area: 'webhooks', action: 'operate' },
    request: (id) => ({ url: withId(resendWebhookEvent, id) }),
  },
  {
    endpoint: listWebhookEvents,
    requires: { area: 'webhooks', action: 'view' },
    request: () => ({ url: `${listWebhookEvents.path}?merchantId=${randomUUID()}` }),
  },
  {
    endpoint: getWebhookEvent,
    requires: { area: 'webhooks', action: 'view' },
    request: (id) => ({ url: withId(getWebhookEvent, id) }),
  },
  // A merchant's own endpoint: its merchant is the session's (a merchant that does not exist here: 404).
  {
    endpoint: getWebhookEndpoint,
    requires: { area: 'webhooks', action: 'update' },
    request: () => ({ url: getWebhookEndpoint.path }),
  },
  {
    endpoint: updateWebhookEndpoint,
    requires: { area: 'webhooks', action: 'update' },
    request: () => ({ url: updateWebhookEndpoint.path, payload: { callbackUrl: null } }),
  },
  {
    endpoint: rotateWebhookEndpointSecret,
    requires: { area: 'webhooks', action: 'update' },
    request: () => ({ url: rotateWebhookEndpointSecret.path, payload: {} }),
  },
  {
    endpoint: listWebhookEndpoints,
    requires: { area: 'webhooks', action: 'view' },
    request: () => ({ url: `${listWebhookEndpoints.path}?merchantId=${randomUUID()}` }),
  },
  {
    endpoint: createWebhookEndpoint,
    requires: { area: 'webhooks', action: 'update' },
    request: () => ({
      url: createWebhookEndpoint.path,
      payload: { url: 'https://example.com/hooks', eventTypes: ['payment_session.succeeded'] },
    }),
  },
  {
    endpoint: updateWebhookEndpointById,
    requires: { area: 'webhooks', action: 'update' },
    request: (id) => ({ url: withId(updateWebhookEndpointById, id), payload: { description: 'Role check' } }),
  },
  {
    endpoint: removeWebhookEndpoint,
    requires: { area: 'webhooks', action: 'update' },
    request: (id) => ({ url: withId(removeWebhookEndpoint, id) }),
  },
  {
    endpoint: rotateWebhookEndpointSecretById,
    requires: { area: 'webhooks', action: 'update' },
    request: (id) => ({ url: withId(rotateWebhookEndpointSecretById, id), payload: {} }),
  },
  // Answered 201 for a merchant (a test event to its own endpoint, which it has none of: skipped).
  {
    endpoint: sendTestWebhookEvent,
    requires: { area: 'webhooks', action: 'create' },
    request: () => ({ url: sendTestWebhookEvent.path }),
  },
  {
    endpoint: listPayoutMethods,
    requires: { area: 'payoutMethods', action: 'view' },
    request: () => ({ url: listPayoutMethods.path }),
  },
  {
    endpoint: createPayoutMethod,
    requires: { area: 'payoutMethods', action: 'create' },
    request: () => ({
      url: createPayoutMethod.path,
      payload: { provider: 'bca', accountNumber: '1234567890', holderName: 'Role Check' },
    }),
  },
  // A user's id: the route is reached (404: no payout method or withdrawal has it), nothing changes.
  {
    endpoint: verifyPayoutMethod,
    requires: { area: 'payoutMethods', action: 'update' },
    request: (id) => ({ url: withId(verifyPayoutMethod, id) }),
  },
  {
    endpoint: deletePayoutMethod,
    requires: { area: 'payoutMethods', action: 'delete' },
    request: (id) => ({ url: withId(deletePayoutMethod, id) }),
  },
  {
    endpoint: listWithdrawals,
    requires: { area: 'withdrawals', action: 'view' },
    request: () => ({ url: listWithdrawals.path }),
  },
  {
    endpoint: getWithdrawal,
    requires: { area: 'withdrawals', action: 'view' },
    request: (id) => ({ url: withId(getWithdrawal, id) }),
  },
  {
    endpoint: createWithdrawalRequest,
    requires: { area: 'withdrawals', action: 'create' },
    request: (id) => ({ url: createWithdrawalRequest.path, payload: { payoutMethodId: id, amount: '10000' } }),
  },
  {
    endpoint: getWalletReconciliation,
    requires: { area: 'wallets', action: 'view' },
    request: () => ({ url: `${getWalletReconciliation.path}?date=2026-11-27` }),
  },
  {
    endpoint: listReconciliationTransfers,
    requires: { area: 'wallets', action: 'view' },
    request: (id) => ({ url: `${withId(listReconciliationTransfers, id)}?date=2026-11-27` }),
  },
  {
    endpoint: listPaymentClaims,
    requires: { area: 'transactions', action: 'view' },
    request: () => ({ url: listPaymentClaims.path }),
  },
  {
    endpoint: exportPaymentClaims,
    requires: { area: 'transactions', action: 'view' },
    request: () => ({ url: exportPaymentClaims.path }),
  },
  {
    endpoint: getPaymentClaimProof,
    requires: { area: 'transactions', action: 'view' },
    request: (id) => ({ url: withId(getPaymentClaimProof, id) }),
  },
  {
    endpoint: rejectPaymentClaim,
    requires: { area: 'transactions', action: 'operate' },
    request: (id) => ({ url: withId(rejectPaymentClaim, id), payload: { message: 'No such transfer' } }),
  },
  {
    endpoint: listMyTeamApprovals,
    requires: { area: 'refunds', action: 'create' },
    request: () => ({ url: listMyTeamApprovals.path }),
  },
  {
    endpoint: createSessionRefund,
    requires: { area: 'refunds', action: 'create' },
    request: (id) => ({ url: withId(createSessionRefund, id), payload: {} }),
  },
  {
    endpoint: cancelWithdrawalRequest,
    requires: { area: 'withdrawals', action: 'create' },
    request: (id) => ({ url: withId(cancelWithdrawalRequest, id) }),
  },
  // A merchant's console in test mode ends its test withdrawals; an operator reaches the route (409).
  {
    endpoint: simulateConsoleWithdrawal,
    requires: { area: 'withdrawals', action: 'create' },
    request: (id) => ({ url: withId(simulateConsoleWithdrawal, id), payload: { outcome: 'paid' } }),
  },
  ...[approveWithdrawalRequest].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'withdrawals', action: 'operate' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: rejectWithdrawalRequest,
    requires: { area: 'withdrawals', action: 'operate' },
    request: (id) => ({ url: withId(rejectWithdrawalRequest, id), payload: { reason: 'role check' } }),
  },
  {
    endpoint: executeWithdrawalRequest,
    requires: { area: 'withdrawals', action: 'operate' },
    request: (id) => ({ url: withId(executeWithdrawalRequest, id), payload: {} }),
  },
  {
    endpoint: markWithdrawalPaid,
    requires: { area: 'withdrawals', action: 'operate' },
    request: (id) => ({ url: withId(markWithdrawalPaid, id), payload: { reference: 'ROLE-1' } }),
  },
  {
    endpoint: reviewWithdrawalName,
    requires: { area: 'withdrawals', action: 'operate' },
    request: (id) => ({
      url: withId(reviewWithdrawalName, id),
      payload: { decision: 'reject', reason: 'role check' },
    }),
  },
  {
    endpoint: reconcileWithdrawal,
    requires: { area: 'withdrawals', action: 'operate' },
    request: (id) => ({ url: withId(reconcileWithdrawal, id), payload: { outcome: 'not_paid', note: 'role check' } }),
  },
  { endpoint: listProxies, requires: { area: 'proxies', action: 'view' }, request: () => ({ url: listProxies.path }) },
  {
    endpoint: createProxy,
    requires: { area: 'proxies', action: 'create' },
    request: () => ({
      url: createProxy.path,
      payload: { type: 'http', host: `${randomUUID()}.roles.test`, port: 8080, password: 'secret' },
    }),
  },
  {
    endpoint: importProxies,
    requires: { area: 'proxies', action: 'create' },
    request: () => ({ url: importProxies.path, payload: { type: 'socks5', lines: `${randomUUID()}.roles.test:1080` } }),
  },
  // The target id is a user's, so an allowed role reaches the route and gets 404.
  {
    endpoint: getProxy,
    requires: { area: 'proxies', action: 'view' },
    request: (id) => ({ url: withId(getProxy, id) }),
  },
  {
    endpoint: updateProxy,
    requires: { area: 'proxies', action: 'update' },
    request: (id) => ({ url: withId(updateProxy, id), payload: { label: 'Renamed' } }),
  },
  {
    endpoint: deleteProxy,
    requires: { area: 'proxies', action: 'delete' },
    request: (id) => ({ url: withId(deleteProxy, id) }),
  },
  {
    endpoint: checkProxy,
    requires: { area: 'proxies', action: 'operate' },
    request: (id) => ({ url: withId(checkProxy, id) }),
  },
  ...[listDevices, getDeviceSummary, getDeviceBusyStatusMap].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'devices', action: 'view' },
      request: () => ({ url: endpoint.path }),
    }),
  ),
  // Device routes given a user id: the route is reached (404 for an unknown device), nothing changes.
  ...[getDevice, listDeviceConnections, listDeviceHealthChecks].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'devices', action: 'view' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: registerDevice,
    requires: { area: 'devices', action: 'create' },
    request: () => ({ url: registerDevice.path, payload: { name: 'Role check phone' } }),
  },
  {
    endpoint: updateDevice,
    requires: { area: 'devices', action: 'update' },
    request: (id) => ({ url: withId(updateDevice, id), payload: { name: 'Renamed' } }),
  },
  ...[rotateDeviceToken, disableDevice, enableDevice].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'devices', action: 'operate' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: runHealthChecks,
    requires: { area: 'devices', action: 'operate' },
    request: (id) => ({ url: runHealthChecks.path, payload: { deviceIds: [id], type: 'device' } }),
  },
  { endpoint: listWallets, requires: { area: 'wallets', action: 'view' }, request: () => ({ url: listWallets.path }) },
  {
    endpoint: getWalletSummary,
    requires: { area: 'wallets', action: 'view' },
    request: () => ({ url: `${getWalletSummary.path}?provider=dana` }),
  },
  // Wallet routes given a user id: the route is reached (404 for an unknown account), nothing changes.
  ...[getWallet, listWalletChecks, listWalletTransactions, getWalletQrCode, getWalletLogin].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'wallets', action: 'view' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: createWallet,
    requires: { area: 'wallets', action: 'create' },
    // An unknown phone: the route is reached (422), nothing is created.
    request: () => ({
      url: createWallet.path,
      payload: { deviceId: randomUUID(), provider: 'dana', accountNumber: '081234567890', holderName: 'Role Check' },
    }),
  },
  {
    endpoint: updateWallet,
    requires: { area: 'wallets', action: 'update' },
    request: (id) => ({ url: withId(updateWallet, id), payload: { label: 'Renamed' } }),
  },
  {
    endpoint: setWalletCredentials,
    requires: { area: 'wallets', action: 'update' },
    request: (id) => ({ url: withId(setWalletCredentials, id), payload: { pin: '123456' } }),
  },
  {
    endpoint: setWalletProxy,
    requires: { area: 'wallets', action: 'update' },
    request: (id) => ({ url: withId(setWalletProxy, id), payload: { proxyId: null } }),
  },
  {
    endpoint: deleteWallet,
    requires: { area: 'wallets', action: 'delete' },
    request: (id) => ({ url: withId(deleteWallet, id) }),
  },
  {
    endpoint: disableWallet,
    requires: { area: 'wallets', action: 'operate' },
    request: (id) => ({ url: withId(disableWallet, id), payload: {} }),
  },
  {
    endpoint: startWalletLogin,
    requires: { area: 'wallets', action: 'operate' },
    request: (id) => ({ url: withId(startWalletLogin, id), payload: {} }),
  },
  {
    endpoint: submitWalletOtp,
    requires: { area: 'wallets', action: 'operate' },
    request: (id) => ({ url: withId(submitWalletOtp, id), payload: { otp: '123456' } }),
  },
  ...[enableWallet, cancelWalletLogin].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'wallets', action: 'operate' },
      request: (id) => ({ url: withId(endpoint, id) }),
    }),
  ),
  {
    endpoint: runWalletChecks,
    requires: { area: 'wallets', action: 'operate' },
    request: (id) => ({ url: runWalletChecks.path, payload: { accountIds: [id], type: 'wallet' } }),
  },
  ...[listAuditLog, exportAuditLog].map(
    (endpoint): Protected => ({
      endpoint,
      requires: { area: 'audit', action: 'view' },
      request: () => ({ url: endpoint.path }),
    }),
  ),
  // An entry id no entry has: the route is reached (404).
  {
    endpoint: getAuditEntry,
    requires: { area: 'audit', action: 'view' },
    request: () => ({ url: getAuditEntry.path.replace(':id', '999999999') }),
  },
  {
    endpoint: listApiLogs,
    requires: { area: 'apiLogs', action: 'view' },
    request: () => ({ url: `${listApiLogs.path}?merchantId=${randomUUID()}` }),
  },
  // An entry id no entry has: the route is reached (404).
  {
    endpoint: getApiLog,
    requires: { area: 'apiLogs', action: 'view' },
    request: () => ({ url: getApiLog.path.replace(':id', '999999999') }),
  },
  { endpoint: currentUser, requires: 'signed-in', request: () => ({ url: currentUser.path }) },
  { endpoint: logout, requires: 'signed-in', request: () => ({ url: logout.path }) },
  // A user's own second factor: every signed-in user may set one up (without a factor the code
  // routes answer 409 and nothing changes).
  {
    endpoint: startTotpEnrolment,
    requires: 'signed-in',
    request: () => ({ url: startTotpEnrolment.path, payload: {} }),
  },
  ...[confirmTotpEnrolment, stepUp].map(
    (endpoint): Protected => ({
      endpoint,
      requires: 'signed-in',
      request: () => ({ url: endpoint.path, payload: { code: '000000' } }),
    }),
  ),
  {
    endpoint: regenerateRecoveryCodes,
    requires: 'signed-in',
    request: () => ({ url: regenerateRecoveryCodes.path, payload: {} }),
  },
  { endpoint: removeSecondFactor, requires: 'signed-in', request: () => ({ url: removeSecondFactor.path }) },
  // Passkeys: answers no authenticator made are refused (400), an unknown passkey is not found, and
  // without a passkey there is nothing to step up with (409).
  { endpoint: ownSecondFactors, requires: 'signed-in', request: () => ({ url: ownSecondFactors.path }) },
  ...[passkeyRegistrationOptions, stepUpPasskeyOptions].map(
    (endpoint): Protected => ({
      endpoint,
      requires: 'signed-in',
      request: () => ({ url: endpoint.path, payload: {} }),
    }),
  ),
  {
    endpoint: registerPasskey,
    requires: 'signed-in',
    request: () => ({
      url: registerPasskey.path,
      payload: {
        name: 'Key',
        response: { ...NOT_A_CREDENTIAL, response: { clientDataJSON: 'e30', attestationObject: 'oA' } },
      },
    }),
  },
  {
    endpoint: stepUpWithPasskey,
    requires: 'signed-in',
    request: () => ({
      url: stepUpWithPasskey.path,
      payload: {
        response: {
          ...NOT_A_CREDENTIAL,
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      },
    }),
  },
  { endpoint: removePasskey, requires: 'signed-in', request: () => ({ url: withId(removePasskey, randomUUID()) }) },
  // The target has no factor: an Admin reaches the route (409), nothing changes.
  {
    endpoint: resetUserSecondFactor,
    requires: { area: 'security', action: 'update' },
    request: (id) => ({ url: withId(resetUserSecondFactor, id), payload: {} }),
  },
  {
    endpoint: secondFactorPolicy,
    requires: { area: 'security', action: 'view' },
    request: () => ({ url: secondFactorPolicy.path }),
  },
  {
    endpoint: updateSecondFactorPolicy,
    requires: { area: 'security', action: 'update' },
    request: () => ({ url: updateSecondFactorPolicy.path, payload: { roles: [] } }),
  },
  {
    endpoint: listSavedViews,
    requires: 'signed-in',
    request: () => ({ url: `${listSavedViews.path}?page=/transaction` }),
  },
  {
    endpoint: createSavedView,
    requires: 'signed-in',
    request: () => ({
      url: createSavedView.path,
      payload: { page: '/transaction', name: `View ${Math.random()}`, query: '' },
    }),
  },
  {
    endpoint: updateSavedView,
    requires: 'signed-in',
    request: (id) => ({ url: withId(updateSavedView, id), payload: { isDefault: true } }),
  },
  { endpoint: deleteSavedView, requires: 'signed-in', request: (id) => ({ url: withId(deleteSavedView, id) }) },
  {
    endpoint: changePassword,
    requires: 'signed-in',
    // A wrong current password: the route is reached (400), nothing changes.
    request: () => ({
      url: changePassword.path,
      payload: { currentPassword: 'not the password', newPassword: 'a brand new password' },
    }),
  },
];

const label = (r: Protected) => `${r.endpoint.method} ${r.endpoint.path}`;

describe('role enforcement on every protected route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("covers every route the API documents as needing a user's bearer token", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    // The merchant API (/v1, API tokens) has its own test: merchant-api-auth.test.ts.
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method, op]) => method !== 'head' && (op.security ?? []).some((s) => 'bearer' in s))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.sort()).toEqual(ROUTES.map(label).sort());
  });

  describe.each(ROUTES)('$endpoint.method $endpoint.path', (route) => {
    const inject = (targetId: string, headers: Record<string, string> = {}) => {
      const { url, payload } = route.request(targetId);
      return t.app.inject({ method: route.endpoint.method, url, headers, ...(payload ? { payload } : {}) });
    };

    it('answers 401 without a token or with a bad one', async () => {
      const target = await insertUser(t.database, { roleId: ROLE.Staff, password: null });
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }] as Record<string, string>[]) {
        const res = await inject(target.id, headers);
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    });

    it.each(ROLE_IDS.map((roleId) => [ROLE_KEYS[roleId], roleId] as const))(
      'as %s: allowed exactly when the permission table says so',
      async (_name, roleId) => {
        const allowed = route.requires === 'signed-in' || can(roleId, route.requires.area, route.requires.action);
        const actor = await signedInUser(t, roleId, roleId === ROLE.Merchant ? { merchantId: randomUUID() } : {});
        // Invited, so that resend-activation is a valid action on it.
        const target = await insertUser(t.database, { roleId: ROLE.Staff, password: null });
        const res = await inject(target.id, actor.headers);
        if (allowed) {
          expect(res.statusCode, res.body).toBeLessThan(500);
          expect([401, 403]).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        }
      },
    );
  });
});
