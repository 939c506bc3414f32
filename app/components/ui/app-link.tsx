import { createContext, forwardRef, useContext, type AnchorHTMLAttributes, type ComponentType, type RefAttributes } from 'react';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

const PlainLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function PlainLink({ to, ...props }, ref) {
  return <a ref={ref} href={to} {...props} />;
});

/**
 * Which link parts shared by islands and React Router pages render with: a plain anchor by default
 * (an island has no router: it would only pull React Router's code onto the page), React Router's
 * Link where the root app provides it, so the portal and admin keep navigating in place.
 */
export const LinkComponentContext = createContext<ComponentType<AppLinkProps & RefAttributes<HTMLAnchorElement>>>(PlainLink);

export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  const LinkComponent = useContext(LinkComponentContext);
  return <LinkComponent ref={ref} {...props} />;
});
