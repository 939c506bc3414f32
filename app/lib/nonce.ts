import { createContext, useContext } from 'react';

/** The CSP nonce of this response; only meaningful during server rendering. */
export const NonceContext = createContext<string>('');

export const useNonce = () => useContext(NonceContext);
