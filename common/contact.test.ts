import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, validateContactSubmission } from './contact.ts';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please master my new single.' };

function errorsOf(input: unknown) {
  const result = validateContactSubmission(input);
  if (result.success) throw new Error('expected validation to fail');
  return result.errors;
}

describe('contact submission rules', () => {
  it('accepts a complete message and trims what was typed', () => {
    const result = validateContactSubmission({
      name: '  Ada  ',
      email: ' ada@example.com ',
      phone: ' +1 404 555 0100 ',
      message: '  Please master my new single.  ',
    });
    expect(result).toEqual({
      success: true,
      data: { name: 'Ada', email: 'ada@example.com', phone: '+1 404 555 0100', message: 'Please master my new single.' },
    });
  });

  it('omits a phone that is missing, null or blank', () => {
    for (const phone of [undefined, null, '', '   ']) {
      const result = validateContactSubmission({ ...valid, phone });
      expect(result.success && 'phone' in result.data && result.data.phone !== undefined).toBe(false);
    }
  });

  it('says which required fields are missing, with the spec messages', () => {
    expect(errorsOf({})).toEqual({ name: ['Name is required'], email: ['Email is required'], message: ['Message is required'] });
    expect(errorsOf({ name: ' ', email: '', message: '   ' })).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      message: ['Message is required'],
    });
  });

  it('enforces the minimum lengths and the e-mail format', () => {
    expect(errorsOf({ ...valid, name: 'A' })).toEqual({ name: ['Name must be at least 2 characters'] });
    expect(errorsOf({ ...valid, email: 'not-an-address' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(errorsOf({ ...valid, email: 'ada@' })).toEqual({ email: ['Please enter a valid email address'] });
    expect(errorsOf({ ...valid, message: 'Too short' })).toEqual({ message: ['Message must be at least 10 characters'] });
  });

  it('refuses values longer than the limits, with a clear message', () => {
    expect(errorsOf({ ...valid, name: 'n'.repeat(CONTACT_LIMITS.name + 1) })).toEqual({ name: ['Name must be at most 100 characters'] });
    expect(errorsOf({ ...valid, email: `${'e'.repeat(250)}@example.com` })).toEqual({ email: ['Email must be at most 254 characters'] });
    expect(errorsOf({ ...valid, phone: '1'.repeat(41) })).toEqual({ phone: ['Phone must be at most 40 characters'] });
    expect(errorsOf({ ...valid, message: 'm'.repeat(5001) })).toEqual({ message: ['Message must be at most 5000 characters'] });
    expect(validateContactSubmission({ ...valid, name: 'n'.repeat(100), message: 'm'.repeat(5000), phone: '1'.repeat(40) }).success).toBe(
      true,
    );
  });

  it('names a field that is not text instead of crashing', () => {
    expect(errorsOf({ ...valid, name: 42, phone: { a: 1 } })).toEqual({ name: ['Name must be text'], phone: ['Phone must be text'] });
  });

  it('treats a body that is not an object as empty', () => {
    for (const body of [null, 'text', 12, ['a']]) expect(Object.keys(errorsOf(body))).toEqual(['name', 'email', 'message']);
  });
});
