/** The Node flags the product server runs with (server-node-args.mjs). */
export declare const SERVER_NODE_ARGS: string[];
/** The Node major the product runs on. */
export declare const NODE_MAJOR: number;
/** The Node binary to run the server with, or null when no Node 24 is at hand. */
export declare function serverNode(): string | null;
/** serverNode(), or exits with what to do. */
export declare function requireServerNode(): string;
