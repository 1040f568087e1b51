"""Scotland Yard: the model of Bristol's cw-model coursework, in pure Python (no pygame)."""
