// What every console page starts with (lib/i18n STARTUP_NAMESPACES), in one download.
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';

export default { common, errors, auth };
