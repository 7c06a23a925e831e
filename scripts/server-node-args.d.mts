/** The Node flags the product server runs with (server-node-args.mjs). */
export declare const SERVER_NODE_ARGS: string[];
