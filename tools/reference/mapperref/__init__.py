"""An independent Python reference implementation of mapper's mapping language.

Written from the contract (the README's user documentation and the product specification), never
from mapper's Swift sources: it is the source of truth that the golden expectations under
`Examples/` are generated from and checked against (`script/reference`).
"""
