// Context for snippets that need nothing but the imports they write themselves.
