import type { Config } from '#server/config.ts';

type MediaConfig = Pick<
  Config,
  'PUBLIC_URL' | 'STORAGE_DRIVER' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_PUBLIC_ENDPOINT' | 'S3_FORCE_PATH_STYLE' | 'MEDIA_HOSTS'
>;

/**
 * Where the bucket answers the browser's upload (a presigned PUT): its public endpoint (or the one
 * endpoint) with path-style addressing, the bucket's own host name otherwise. Whatever the scheme: a
 * MinIO on a LAN or the test S3 server speak plain http.
 */
function bucketOrigins(config: MediaConfig): string[] {
  const { STORAGE_DRIVER, S3_BUCKET, S3_REGION, S3_FORCE_PATH_STYLE } = config;
  if (STORAGE_DRIVER !== 's3' || !S3_BUCKET) return [];
  const endpoint = new URL(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT ?? `https://s3.${S3_REGION}.amazonaws.com`);
  if (S3_FORCE_PATH_STYLE) return [endpoint.origin];
  return [`${endpoint.protocol}//${S3_BUCKET}.${endpoint.host}`];
}

/**
 * The origins besides this one that sample media may come from and the browser may talk to: the
 * site's public address, the bucket, and the hosts the owner lists in MEDIA_HOSTS. The one list feeds
 * the Content-Security-Policy and the check on admin-entered audio and cover URLs (decision 044).
 */
export function mediaOrigins(config: MediaConfig): string[] {
  return [...new Set([new URL(config.PUBLIC_URL).origin, ...bucketOrigins(config), ...config.MEDIA_HOSTS])];
}

/** A site path (`/objects/...`) always is; an absolute URL only on one of the allowed origins. */
export function isAllowedMediaUrl(value: string, allowedOrigins: readonly string[]): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  if (!URL.canParse(value)) return false;
  return allowedOrigins.includes(new URL(value).origin);
}
