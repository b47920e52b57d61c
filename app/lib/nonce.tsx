import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce of this response (undefined in the browser after hydration). */
export const useNonce = () => useContext(NonceContext);
