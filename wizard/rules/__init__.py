"""Rule files as data: the rule book (the shared questions and every jurisdiction, with typed access),
a jurisdiction's own questions, the YAML reader that keeps line numbers for messages, and the
deployment's office cards (instance/offices.yaml). The lowest layer but the answer kinds
(wizard/kinds/): nothing here assesses, stores or serves anything."""
