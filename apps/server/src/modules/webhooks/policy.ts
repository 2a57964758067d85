/** Which webhook addresses a portal mode allows (issue 35): production refuses loopback and private ones. */
import type { Config } from '../../config.js';
import type { UrlPolicy } from './url-safety.js';

export function webhookUrlPolicy(config: Pick<Config, 'mode'>): UrlPolicy {
  return { allowInternal: config.mode !== 'production' };
}
