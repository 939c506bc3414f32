import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response; only meaningful during server rendering. Pages rendered for the
 * shared cache have none: their inline scripts are allowed by hash (server/http/public-cache).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
