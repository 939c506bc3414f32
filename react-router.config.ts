import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // Separate build folders let several test runs share one checkout.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
