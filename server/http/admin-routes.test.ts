import { describe, expect, it } from 'vitest';
import { capabilityOfRequest } from './admin-routes.ts';

describe('the capability an admin request needs', () => {
  it('reads a route by method and path, a parameter with a suffix, a trailing slash and the query aside', () => {
    expect(capabilityOfRequest('GET', '/api/admin/invoices/12.pdf')).toBe('money');
    expect(capabilityOfRequest('GET', '/api/admin/invoices/?state=paid')).toBe('money');
    expect(capabilityOfRequest('HEAD', '/api/admin/site')).toBe('site.read');
    expect(capabilityOfRequest('DELETE', '/api/samples/4')).toBe('samples.delete');
    expect(capabilityOfRequest('PUT', '/api/samples/4')).toBe('samples');
  });

  it('lets the first matching entry decide: a project’s money and audio deletion before the rest of the project', () => {
    expect(capabilityOfRequest('GET', '/api/admin/projects/3/invoices')).toBe('projects.money');
    expect(capabilityOfRequest('DELETE', '/api/admin/projects/3/files/9')).toBe('projects.delete-audio');
    expect(capabilityOfRequest('PATCH', '/api/admin/projects/3/files/9')).toBe('projects');
  });

  it('gives the site’s billing section to the billing settings, every other section to the site', () => {
    expect(capabilityOfRequest('PUT', '/api/admin/site/billing')).toBe('billing.settings');
    expect(capabilityOfRequest('POST', '/api/admin/site/billing/versions/2/restore')).toBe('billing.settings');
    expect(capabilityOfRequest('PUT', '/api/admin/site/faq/draft')).toBe('site');
  });

  it('names no capability for a path no entry lists, nor for a method an entry does not take', () => {
    expect(capabilityOfRequest('GET', '/api/admin/backups')).toBeNull();
    expect(capabilityOfRequest('DELETE', '/api/admin/insights')).toBeNull();
    expect(capabilityOfRequest('GET', '/api/admin/invoicesx')).toBeNull();
  });
});
