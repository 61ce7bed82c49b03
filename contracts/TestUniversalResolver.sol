// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// ENS's universal resolver as reverse resolution asks it (`reverseWithGateways`), answering the
/// primary names a test sets: a test places its code at the address Ethereum's universal resolver
/// has (anvil_setCode), so a client for "Ethereum" pointed at the local node reads names as on mainnet.
contract TestUniversalResolver {
    mapping(address => string) private names;

    function setName(address wallet, string calldata name) external {
        names[wallet] = name;
    }

    /// The name set for the 20-byte address (empty when none), with no resolvers of its own.
    function reverseWithGateways(bytes calldata lookupAddress, uint256, string[] calldata)
        external
        view
        returns (string memory resolvedName, address resolver, address reverseResolver)
    {
        require(lookupAddress.length == 20, "an address is 20 bytes");
        return (names[address(bytes20(lookupAddress))], address(0), address(0));
    }
}
