import { Outlet } from 'react-router';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/**
 * Every address below /book: the e-mails' cancel and reschedule links hold their booking's token, and
 * so may a mistyped one (`/book/cancl/{token}`). The picker itself says otherwise (routes/book.tsx).
 */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

/** The booking pages, as islands below the public layout; this route only states their policy. */
export default function BookingPages() {
  return <Outlet />;
}
