export declare function viewerPage(): string;
