import { describe, expect, it } from 'vitest';
import { changeFormSchema, forgotFormSchema, resetFormSchema } from './schemas';

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('password forms', () => {
  it('requires matching new passwords of the minimum length', () => {
    expect(
      messages(resetFormSchema.safeParse({ new_password: 'long enough 1', new_password_confirm: 'other' })),
    ).toEqual(['new_password_confirm:my_account.reset_password.errors.not_equal']);
    expect(
      messages(resetFormSchema.safeParse({ new_password: 'short', new_password_confirm: 'short' })),
    ).toEqual(['new_password:my_account.reset_password.errors.too_short']);
    expect(
      changeFormSchema.safeParse({
        current_password: 'a',
        new_password: 'long enough 1',
        new_password_confirm: 'long enough 1',
      }).success,
    ).toBe(true);
    expect(
      messages(
        changeFormSchema.safeParse({
          current_password: '',
          new_password: 'long enough 1',
          new_password_confirm: 'long enough 1',
        }),
      ),
    ).toEqual(['current_password:errors.messages.required_fields']);
  });

  it('requires a valid email to reset a password', () => {
    expect(messages(forgotFormSchema.safeParse({ email: '' }))[0]).toBe(
      'email:errors.messages.required_fields',
    );
    expect(messages(forgotFormSchema.safeParse({ email: 'nope' }))).toEqual([
      'email:errors.messages.invalid_email',
    ]);
    expect(forgotFormSchema.safeParse({ email: ' anna@example.org ' }).success).toBe(true);
  });
});
