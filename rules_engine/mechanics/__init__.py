"""One module per mechanic; each opens with the rules it implements."""
