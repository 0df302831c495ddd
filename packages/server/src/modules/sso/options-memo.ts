import type { Db } from '../../db/client';
import { sharedMemo } from '../../platform/shared-memo';
import type { SsoProviderRow } from './repo';

/**
 * How long an instance keeps the enabled providers and the password option, which every visitor's auth
 * session reads. The administration's writes drop them at once on every instance (`forgetSignInOptions`).
 */
export const SIGN_IN_OPTIONS_KEPT_MS = 10_000;

export interface KeptSignInOptions {
  enabled: Pick<SsoProviderRow, 'kind' | 'label'>[];
  localPasswords: boolean;
}

const memo = sharedMemo<KeptSignInOptions>('sso.changed', SIGN_IN_OPTIONS_KEPT_MS);
const key = 'options';

export const keptSignInOptions = {
  mark: memo.mark,
  peek: (db: Db) => memo.peek(db, key),
  keep: (db: Db, value: KeptSignInOptions, mark: number) => memo.keep(db, key, value, mark),
};

/** Drops the kept options when another instance announces a change. */
export const shareSignInOptionChanges = memo.share;

/** After the administration changed the providers: drops the kept options everywhere. */
export const forgetSignInOptions = memo.forget;
