import { createContext, useContext } from "react";

const RequestIdContext = createContext<string | undefined>(undefined);
/** Provided by app/entry.server.tsx: the id of the request being rendered (workers/http/request-log.ts). */
export const RequestIdProvider = RequestIdContext.Provider;
/** The id of the request this page was rendered for, on the server only (undefined in the browser). */
export const useRequestId = () => useContext(RequestIdContext);
