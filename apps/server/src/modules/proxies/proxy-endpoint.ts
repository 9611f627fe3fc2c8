import type { SecretBox } from '../../crypto/secret-box';
import type { ProxyRecord } from './proxies.repository';
import type { ProxyEndpoint } from './proxy-check';

/** Associated data for proxy passwords: a sealed value from another column will not open here. */
export const PROXY_PASSWORD_CONTEXT = 'proxies.password';

/**
 * The proxy with its password opened, for whoever must connect through it (the proxy check, a
 * phone being set up). `password` is null when none is stored or it cannot be opened any more
 * (key changed, value damaged): `isPasswordUnreadable` says which.
 */
export function openProxyEndpoint(
  proxy: ProxyRecord,
  secretBox: SecretBox,
): ProxyEndpoint & { isPasswordUnreadable: boolean } {
  let password: string | null = null;
  let isPasswordUnreadable = false;
  if (proxy.passwordEncrypted) {
    try {
      password = secretBox.decrypt(proxy.passwordEncrypted, PROXY_PASSWORD_CONTEXT);
    } catch {
      isPasswordUnreadable = true;
    }
  }
  return {
    type: proxy.type,
    host: proxy.host,
    port: proxy.port,
    username: proxy.username,
    password,
    isPasswordUnreadable,
  };
}
